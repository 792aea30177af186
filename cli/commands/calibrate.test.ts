import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const concord = (...args: string[]) =>
  spawnSync(process.execPath, ["--conditions=react-server", "cli/launch.mjs", ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

describe("concord calibrate", () => {
  it("writes the whole report to stdout and a summary to stderr", () => {
    const run = concord("calibrate", "test/fixtures/sample-small.jsonl", "--resamples", "1000");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    const expected = JSON.parse(readFileSync("test/fixtures/sample-small.report.json", "utf8"));
    expect(report.panels.map((p: { judges: string[] }) => p.judges)).toEqual(expected.panels.map((p: { judges: string[] }) => p.judges));
    expect(report.clinicians.fleiss_kappa).toBeCloseTo(expected.clinicians.fleiss_kappa, 12);
    expect(report.comparison.resamples).toBe(1000);
    expect(run.stderr).toMatch(/rank 1 vs rank 2: Δκ 0\.0002/);
    expect(run.stderr).toMatch(/Fleiss κ 0\.614/);
  });

  it("writes to --out and honours --panel-size and --seed", () => {
    const out = join(mkdtempSync(join(tmpdir(), "concord-cli-")), "report.json");
    const run = concord("calibrate", "test/fixtures/sample-small.jsonl", "--out", out, "--panel-size", "5", "--seed", "7", "--resamples", "200");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
    const report = JSON.parse(readFileSync(out, "utf8"));
    expect(report.panels).toHaveLength(21);
    expect(report.comparison.seed).toBe(7);
  });

  it("reads a bundle's calibration set: the one named with --set, its labels only; several sets need --set", () => {
    const text = readFileSync("test/fixtures/sample-small.jsonl", "utf8");
    const records = text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
    const newest = new Map<string, number>();
    for (const r of records) if (r.kind === "rubric") newest.set(r.item, Math.max(newest.get(r.item) ?? 0, r.version));
    const items = [...newest].map(([item, rubric_version]) => ({ item, rubric_version }));
    const responses = records.filter((r) => r.kind === "response").map((r) => r.id);
    const set = (id: string, clinicians: string[]) => ({ kind: "set", id, name: `Set ${id}`, seed: 1, items, responses, clinicians });
    const file = join(mkdtempSync(join(tmpdir(), "concord-cli-")), "sets.jsonl");
    // Set "a" holds every label of the sample; set "b", over the same responses, none.
    const lines = [set("a", ["clin-1", "clin-2", "clin-3"]), set("b", ["clin-1"]), ...records.map((r) => (r.kind === "label" ? { ...r, set: "a" } : r))];
    writeFileSync(file, lines.map((r) => JSON.stringify(r)).join("\n"));

    const unnamed = concord("calibrate", file);
    expect(unnamed.status).toBe(1);
    expect(unnamed.stderr).toContain("the bundle holds 2 calibration sets (a, b): name one with --set.");
    expect(concord("calibrate", file, "--set", "c").stderr).toContain('the bundle has no calibration set "c" (its sets: a, b).');
    const a = concord("calibrate", file, "--set", "a", "--resamples", "200");
    expect(a.status).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(JSON.parse(concord("calibrate", "test/fixtures/sample-small.jsonl", "--resamples", "200").stdout));
  });

  it("refuses an invalid bundle with line-numbered reasons and no report", () => {
    const dir = mkdtempSync(join(tmpdir(), "concord-cli-"));
    const file = join(dir, "bad.jsonl");
    const lines = readFileSync("test/fixtures/sample-small.jsonl", "utf8").split("\n");
    lines[2] = lines[2].replace('"verdict": true', '"verdict": "yes"').replace('"verdict": false', '"verdict": "yes"');
    lines[4] = '{"kind": "label", "rater": "clin-1"}';
    writeFileSync(file, lines.join("\n"));
    const run = concord("calibrate", file);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^line 3: verdict: /m);
    expect(run.stderr).toMatch(/^line 5: response: /m);
  });

  it("honours --min-coverage: judges below it are listed but enter no panel", () => {
    const expected = JSON.parse(readFileSync("test/fixtures/sample-small.report.json", "utf8"));
    const full = expected.judges.filter((j: { coverage: number }) => j.coverage >= 0.99).map((j: { judge: string }) => j.judge);
    const run = concord("calibrate", "test/fixtures/sample-small.jsonl", "--min-coverage", "0.99", "--resamples", "0", "--panel-size", "1");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.min_coverage).toBe(0.99);
    expect(full).toHaveLength(4);
    expect(report.judges).toHaveLength(expected.judges.length);
    expect(report.panels.map((p: { judges: string[] }) => p.judges[0]).sort()).toEqual(full.sort());
    expect(run.stderr).toMatch(/not candidates/);
    expect(concord("calibrate", "test/fixtures/sample-small.jsonl", "--min-coverage", "95%").stderr).toMatch(/--min-coverage must be a number from 0 to 1, not "95%"/);
  });

  it("says so when the bundle has labels but no judge verdicts", () => {
    const file = join(mkdtempSync(join(tmpdir(), "concord-cli-")), "labels-only.jsonl");
    const lines = readFileSync("test/fixtures/sample-small.jsonl", "utf8").split("\n").filter((line) => !line.includes('"kind": "verdict"') && !line.includes('"kind":"verdict"'));
    writeFileSync(file, lines.join("\n"));
    const run = concord("calibrate", file);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/the bundle has no judge verdicts \(no "verdict" lines\), so there are no judges to calibrate against its \d+ labels/);
  });

  it("rejects an even panel size with a clear message", () => {
    const run = concord("calibrate", "test/fixtures/sample-small.jsonl", "--panel-size", "4");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/panel size must be an odd number from 1 to 7/);
  });
});
