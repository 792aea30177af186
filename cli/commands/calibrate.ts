import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { formatIssue, parseBundle } from "../../lib/bundle/parse";
import { calibrationInputFromBundle } from "../../lib/calibration/input";
import { calibrate as calibrateReport, DEFAULT_OPTIONS } from "../../lib/calibration/report";
import { reportSummary } from "../../lib/calibration/summary";
import type { Command } from "./index";

const USAGE = "usage: npm run --silent concord -- calibrate FILE.jsonl [--out REPORT.json] [--resamples N] [--seed S] [--panel-size K] [--min-coverage X]";

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new Error(`--${name} must be an integer, not "${value}"`);
  return Number(value);
}

function fraction(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const x = Number(value);
  if (!/^\s*[\d.eE+-]+\s*$/.test(value) || !Number.isFinite(x) || x < 0 || x > 1) throw new Error(`--${name} must be a number from 0 to 1, not "${value}"`);
  return x;
}

export const calibrate: Command = {
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: "string" },
        resamples: { type: "string" },
        seed: { type: "string" },
        "panel-size": { type: "string" },
        "min-coverage": { type: "string" },
      },
    });
    if (positionals.length !== 1) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const options = {
      resamples: integer(values.resamples, "resamples", DEFAULT_OPTIONS.resamples),
      seed: integer(values.seed, "seed", DEFAULT_OPTIONS.seed),
      panelSize: integer(values["panel-size"], "panel-size", DEFAULT_OPTIONS.panelSize),
      minCoverage: fraction(values["min-coverage"], "min-coverage", DEFAULT_OPTIONS.minCoverage),
    };
    if (options.resamples < 0) throw new Error("--resamples must be 0 or more");
    const parsed = parseBundle(await readFile(positionals[0], "utf8"));
    if (parsed.issues.length > 0) {
      const shown = parsed.issues.slice(0, 200).map(formatIssue);
      const more = parsed.issues.length - shown.length;
      process.stderr.write(
        `${positionals[0]}: the bundle is not valid (${parsed.issues.length} problem${parsed.issues.length === 1 ? "" : "s"}):\n${shown.join("\n")}\n${more > 0 ? `and ${more} more\n` : ""}`,
      );
      return 1;
    }
    const input = calibrationInputFromBundle(parsed.bundle);
    if (input.verdicts.length === 0) {
      process.stderr.write(`${positionals[0]}: the bundle has no judge verdicts (no "verdict" lines), so there are no judges to calibrate${input.labels.length ? ` against its ${input.labels.length} labels` : ""}.\n`);
      return 1;
    }
    const report = calibrateReport(input, options);
    const json = `${JSON.stringify(report, null, 1)}\n`;
    if (values.out) await writeFile(values.out, json);
    else process.stdout.write(json);
    process.stderr.write(reportSummary(report));
    return 0;
  },
};
