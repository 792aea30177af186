import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { formatIssue, parseBundle } from "../../lib/bundle/parse";
import { FrozenRecord } from "../../lib/freeze/record";
import { verifyFrozenRecord } from "../../lib/freeze/verify";
import type { Command } from "./index";

const USAGE = "usage: npm run --silent concord -- verify-freeze RECORD.json BUNDLE.jsonl";

/** Reads and checks the record file; a sentence saying what is wrong otherwise. */
async function readRecord(path: string): Promise<FrozenRecord | string> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    return `${path}: not a JSON file (${(error as Error).message})`;
  }
  const parsed = FrozenRecord.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 10).map((issue) => `  ${issue.path.join(".") || "(record)"}: ${issue.message}`);
  return `${path}: not a Concord frozen-panel record:\n${issues.join("\n")}`;
}

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
    const parsed = parseBundle(await readFile(bundlePath, "utf8"));
    if (parsed.issues.length > 0) {
      const shown = parsed.issues.slice(0, 20).map(formatIssue).join("\n");
      process.stderr.write(`${bundlePath}: the bundle is not valid (${parsed.issues.length} problem${parsed.issues.length === 1 ? "" : "s"}):\n${shown}\n`);
      return 1;
    }
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
