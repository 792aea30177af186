import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { calibrationInputFromBundle } from "../../lib/calibration/input";
import { calibrate as calibrateReport, DEFAULT_OPTIONS } from "../../lib/calibration/report";
import { reportSummary } from "../../lib/calibration/summary";
import { integer, readValidBundle } from "./args";
import type { Command } from "./index";

const USAGE = "usage: npm run --silent concord -- calibrate FILE.jsonl [--out REPORT.json] [--resamples N] [--seed S] [--panel-size K]";

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
    };
    if (options.resamples < 0) throw new Error("--resamples must be 0 or more");
    const parsed = await readValidBundle(positionals[0]);
    if (!parsed) return 1;
    const report = calibrateReport(calibrationInputFromBundle(parsed.bundle), options);
    const json = `${JSON.stringify(report, null, 1)}\n`;
    if (values.out) await writeFile(values.out, json);
    else process.stdout.write(json);
    process.stderr.write(reportSummary(report));
    return 0;
  },
};
