import { existsSync } from "node:fs";
import { importBundle } from "@/lib/server/bundle/importBundle";
import { Invalid } from "@/lib/server/errors";
import { cliCtx } from "@/lib/server/systemCtx";
import { oneFile } from "./args";
import type { Command } from "./index";

export const importCommand: Command = {
  async run(args) {
    const file = oneFile(args, "concord import FILE");
    if (file === null) return 2;
    if (!existsSync(file)) {
      process.stderr.write(`${file}: no such file\n`);
      return 2;
    }
    try {
      // Read as a stream, line by line: the file is never held whole.
      const { counts, ratersAdded, setCliniciansAdded, setsAdded } = await importBundle({ ctx: cliCtx, input: { file } });
      for (const [kind, c] of Object.entries(counts)) process.stdout.write(`${kind.padEnd(11)} ${String(c.added).padStart(7)} added ${String(c.unchanged).padStart(7)} unchanged\n`);
      if (setsAdded > 0) process.stdout.write(`${setsAdded} calibration set(s) created from the bundle's set lines\n`);
      if (ratersAdded > 0) process.stdout.write(`${ratersAdded} new rater(s) stored without a login\n`);
      if (setCliniciansAdded > 0) process.stdout.write(`${setCliniciansAdded} calibration-set membership(s) added for raters who labeled a set's responses\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      process.stderr.write(`${error.message}; the database is unchanged.\n`);
      for (const issue of error.issues) process.stderr.write(`${issue}\n`);
      if (error.more > 0) process.stderr.write(`and ${error.more.toLocaleString("en-US")} more\n`);
      return 1;
    }
  },
};
