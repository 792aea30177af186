import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { calibrationInputFromBundle, chooseSet } from "../../lib/calibration/input";
import { calibrate as calibrateReport, DEFAULT_OPTIONS } from "../../lib/calibration/report";
import { reportSummary } from "../../lib/calibration/summary";
import { fraction, integer, readValidBundle } from "./args";
import type { Command } from "./index";

const USAGE = "usage: npm run --silent concord -- calibrate FILE.jsonl [--out REPORT.json] [--resamples N] [--seed S] [--panel-size K] [--min-coverage X] [--set ID]";

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
        set: { type: "string" },
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
    const parsed = await readValidBundle(positionals[0]);
    if (!parsed) return 1;
    // A bundle with `set` lines is about one of its sets: its pinned versions, its labels, the verdicts on them.
    const set = chooseSet(parsed.bundle.sets, values.set);
    if (typeof set === "string") {
      process.stderr.write(`${positionals[0]}: ${set}.\n`);
      return 1;
    }
    const input = calibrationInputFromBundle(parsed.bundle, set?.id);
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
