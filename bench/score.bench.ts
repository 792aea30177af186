import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scoringBundleLines, type ScoringShape } from "./synthetic";

/**
 * `npm run bench:score`: writes synthetic scoring bundles at the paper's full scale
 * (718 items × 25 models × 3 runs, ~10 criteria per item, a 3-judge panel: ~1.6 M
 * verdict lines, ~180 MB) and at a tenth of it, streaming them to disk, then times
 * the whole `concord score` process as a user runs it — start-up, parse, every
 * figure, 10,000 resamples, the report written — with its peak RSS.
 * Targets at full scale: at most 5 s and under 1.5 GiB.
 */
const base = { models: 25, runs: 3, criteriaPerItem: 10, judges: 3, families: true, emptyShare: 0.03, missingShare: 0.02 };
const scenarios: { name: string; shape: ScoringShape }[] = [
  { name: "1/10 scale (72 items)", shape: { ...base, items: 72, seed: 2 } },
  { name: "full scale (718 items)", shape: { ...base, items: 718, seed: 1 } },
];

function writeBundle(file: string, shape: ScoringShape): number {
  const fd = openSync(file, "w");
  let lines = 0;
  let chunk: string[] = [];
  let size = 0;
  try {
    for (const line of scoringBundleLines(shape)) {
      chunk.push(line);
      size += line.length + 1;
      lines++;
      if (size >= 1 << 22) {
        writeSync(fd, `${chunk.join("\n")}\n`);
        chunk = [];
        size = 0;
      }
    }
    if (chunk.length > 0) writeSync(fd, `${chunk.join("\n")}\n`);
  } finally {
    closeSync(fd);
  }
  return lines;
}

const dir = mkdtempSync(join(tmpdir(), "concord-bench-score-"));
const rows: string[] = [];
try {
  // build the CLI once, outside the timings
  execFileSync(process.execPath, ["--conditions=react-server", "cli/launch.mjs"], { stdio: "ignore" });
  for (const { name, shape } of scenarios) {
    const file = join(dir, "bundle.jsonl");
    const lines = writeBundle(file, shape);
    const mb = statSync(file).size / 1e6;
    const start = performance.now();
    // the whole CLI process, measured from outside; peak RSS from GNU time's format
    const peak = execFileSync("/usr/bin/env", ["bash", "-c",
      `command time -f %M node --conditions=react-server cli/launch.mjs score "${file}" --panel judge-01,judge-02,judge-03 --out /dev/null 2>&1 >/dev/null | tail -1`,
    ], { encoding: "utf8" });
    const seconds = (performance.now() - start) / 1000;
    const peakMiB = Number(peak.trim()) / 1024;
    rows.push(
      `| ${name.padEnd(24)} | ${String(lines).padStart(9)} | ${mb.toFixed(0).padStart(6)} | ${seconds.toFixed(2).padStart(7)} | ${Number.isFinite(peakMiB) ? peakMiB.toFixed(0).padStart(8) : "     n/a"} |`,
    );
    rmSync(file);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log("concord score, 3-judge panel, 25 models × 3 runs, 10,000 resamples; whole process (parse + every figure); target at full scale ≤ 5 s, < 1.5 GiB\n");
console.log("| scenario                 |     lines |     MB |  time s | peak MiB |");
console.log("|--------------------------|-----------|--------|---------|----------|");
for (const row of rows) console.log(row);
