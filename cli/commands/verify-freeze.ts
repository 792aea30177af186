import { parseArgs } from "node:util";
import { verifyFrozenRecord } from "../../lib/freeze/verify";
import { readRecord, readValidBundle } from "./args";
import type { Command } from "./index";

const USAGE = "usage: npm run --silent concord -- verify-freeze RECORD.json BUNDLE.jsonl";

/**
 * Checks a downloaded frozen-panel record against a bundle: recomputes the
 * fingerprint of the exact units, consensus and verdicts, and the panel's rank,
 * figures and interval with the same engine. Exit 0 when everything matches, 1 when
 * anything differs or cannot be checked.
 */
export const verifyFreezeCommand: Command = {
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length !== 2) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const [recordPath, bundlePath] = positionals;
    const record = await readRecord(recordPath);
    if (typeof record === "string") {
      process.stderr.write(`${record}\n`);
      return 1;
    }
    const parsed = await readValidBundle(bundlePath, 20);
    if (!parsed) return 1;
    const { ok, checks } = verifyFrozenRecord(record, parsed.bundle);
    process.stdout.write(`Frozen panel #${record.id} of "${record.calibration_set.name}": ${record.judges.join(", ")} (rank ${record.rank})\n`);
    for (const check of checks) process.stdout.write(`  ${check.ok ? "ok     " : "DIFFERS"} ${check.name}: ${check.detail}\n`);
    process.stdout.write(
      ok
        ? "MATCH: the bundle reproduces this record's fingerprint and figures.\n"
        : "MISMATCH: the bundle does not reproduce this record; it is not the data the panel was frozen on.\n",
    );
    return ok ? 0 : 1;
  },
};
