import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseBundle } from "../lib/bundle/parse";
import { calibrationInputFromBundle } from "../lib/calibration/input";
import { calibrate, type PhaseTimes } from "../lib/calibration/report";
import { syntheticBundle, type SyntheticShape } from "./synthetic";

/**
 * `npm run bench`: times the calibration engine on synthetic bundles of the paper's
 * shape and larger, phase by phase in this process, and the whole `calibrate` CLI
 * process (start-up, parse, compute, write) as a user runs it.
 */
const scenarios: { name: string; shape: SyntheticShape; panelSize: number }[] = [
  { name: "paper (75×4×10, 3 clin, 15 judges)", shape: { items: 75, responsesPerItem: 4, criteriaPerItem: 10, clinicians: 3, judges: 15, seed: 1 }, panelSize: 3 },
  { name: "10× (300×4×10, 3 clin, 25 judges)", shape: { items: 300, responsesPerItem: 4, criteriaPerItem: 10, clinicians: 3, judges: 25, seed: 2 }, panelSize: 3 },
  { name: "10×, panels of 5 (53,130)", shape: { items: 300, responsesPerItem: 4, criteriaPerItem: 10, clinicians: 3, judges: 25, seed: 2 }, panelSize: 5 },
];

const ms = (x: number) => x.toFixed(0).padStart(6);
const dir = mkdtempSync(join(tmpdir(), "concord-bench-"));
const rows: string[] = [];
try {
  for (const scenario of scenarios) {
    const file = join(dir, "bundle.jsonl");
    writeFileSync(file, syntheticBundle(scenario.shape));
    const start = performance.now();
    const parsed = parseBundle(readFileSync(file, "utf8"));
    if (parsed.issues.length) throw new Error(`synthetic bundle invalid: ${parsed.issues.length} issues`);
    const parse = performance.now() - start;
    const phases = {} as PhaseTimes;
    const report = calibrate(calibrationInputFromBundle(parsed.bundle), { panelSize: scenario.panelSize }, phases);
    const total = performance.now() - start;
    // The whole CLI process, measured from outside; peak RSS from GNU time's format.
    const cliStart = performance.now();
    const timeOut = execFileSync("/usr/bin/env", ["bash", "-c",
      `command time -f %M node --conditions=react-server --import tsx cli/concord.ts calibrate "${file}" --panel-size ${scenario.panelSize} --out /dev/null 2>&1 >/dev/null | tail -1`,
    ], { encoding: "utf8" });
    const cli = performance.now() - cliStart;
    const peakMiB = Number(timeOut.trim()) / 1024;
    rows.push(
      `| ${scenario.name.padEnd(36)} | ${String(report.units.total).padStart(6)} | ${String(report.panels.length).padStart(6)} | ${ms(parse)} | ${ms(phases.consensus)} | ${ms(phases.panels)} | ${ms(phases.bootstrap)} | ${ms(phases.ablation)} | ${ms(total)} | ${ms(cli)} | ${Number.isFinite(peakMiB) ? peakMiB.toFixed(0).padStart(8) : "     n/a"} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log("calibrate, 10,000 bootstrap resamples; times in ms; CLI = whole `concord calibrate` process; peak = CLI max RSS\n");
console.log("| scenario                             |  units | panels |  parse | consns | panels |  boot  | ablatn |  total |  CLI   | peak MiB |");
console.log("|--------------------------------------|--------|--------|--------|--------|--------|--------|--------|--------|--------|----------|");
for (const row of rows) console.log(row);
