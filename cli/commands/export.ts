import { writeFileSync } from "node:fs";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { cliCtx } from "@/lib/server/systemCtx";
import { oneFile } from "./args";
import type { Command } from "./index";

export const exportCommand: Command = {
  async run(args) {
    const file = oneFile(args, "concord export FILE");
    if (file === null) return 2;
    const text = await exportBundle({ ctx: cliCtx });
    writeFileSync(file, text);
    process.stdout.write(`${text.split("\n").length - 1} records written to ${file}\n`);
    return 0;
  },
};
