import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { cliCtx } from "@/lib/server/systemCtx";
import type { Command } from "./index";

export const exportCommand: Command = {
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    const [file] = positionals;
    if (!file || positionals.length > 1) {
      process.stderr.write("usage: concord export FILE\n");
      return 2;
    }
    const text = await exportBundle({ ctx: cliCtx });
    writeFileSync(file, text);
    process.stdout.write(`${text.split("\n").length - 1} records written to ${file}\n`);
    return 0;
  },
};
