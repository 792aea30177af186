import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { exportBatch, importBatch } from "@/lib/server/runs/batch";
import { Invalid, ServiceError } from "@/lib/server/errors";
import { cliCtx } from "@/lib/server/systemCtx";
import { integer } from "./args";
import type { Command } from "./index";

const USAGE = `usage: npm run --silent concord -- batch export RUN FILE.jsonl [--limit N] | batch import RUN OUTPUT.jsonl`;

/** OpenAI Batch API files for a run: its pending calls out, the output file back in. */
export const batchCommand: Command = {
  async run(args) {
    const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { limit: { type: "string" } } });
    const [verb, run, file] = positionals;
    if (!file || positionals.length !== 3 || (verb !== "export" && verb !== "import")) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const runId = integer(run, "run", 0);
    try {
      if (verb === "export") {
        const { jsonl, calls } = await exportBatch({ ctx: cliCtx, input: { runId, limit: values.limit ? integer(values.limit, "limit", 0) : undefined } });
        writeFileSync(file, jsonl);
        process.stdout.write(`${file}: ${calls} requests of run #${runId}. The run is paused until the output is imported (or resumed online).\n`);
        return 0;
      }
      const result = await importBatch({ ctx: cliCtx, input: { runId, text: readFileSync(file, "utf8") } });
      process.stdout.write(`Run #${runId}: ${result.settled} stored, ${result.missing} missing, ${result.retried} to ask again; ${result.pending} calls pending.\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      process.stderr.write(`${error.message}\n`);
      if (error instanceof Invalid) for (const issue of error.issues) process.stderr.write(`${file}: ${issue}\n`);
      return 1;
    }
  },
};
