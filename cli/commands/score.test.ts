import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const concord = (...args: string[]) =>
  spawnSync(process.execPath, ["--conditions=react-server", "cli/launch.mjs", ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const BUNDLE = "test/fixtures/scores-small.jsonl";

describe("concord score", () => {
  it("writes the whole report to stdout and a summary to stderr", () => {
    const run = concord("score", BUNDLE, "--panel", "judge-01,judge-02,judge-03", "--resamples", "1000");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    const expected = JSON.parse(readFileSync("test/fixtures/scores-small.report.json", "utf8"));
    expect(report.models.map((m: { model: string }) => m.model)).toEqual(expected.models.map((m: { model: string }) => m.model));
    expect(report.models[0].score).toBeCloseTo(expected.models[0].score, 12);
    expect(report).toMatchObject({ resamples: 1000, seed: 20260714, bands: 2 });
    expect(run.stderr).toMatch(/#1 band 1 m-05 {2}score 0\.745/);
    expect(run.stderr).toMatch(/same-family check: Spearman ρ 0\.900/);
  });

  it("reads the panel from a frozen record, honours --models, --seed and --out", () => {
    const dir = mkdtempSync(join(tmpdir(), "concord-cli-"));
    // a record as the app downloads it (lib/freeze/record.ts), its judges set to three of this bundle's
    const record = "test/fixtures/frozen-record.json";
    const out = join(dir, "scores.json");
    const run = concord("score", BUNDLE, "--freeze", record, "--models", "m-01,m-02", "--seed", "7", "--resamples", "100", "--out", out);
    expect(run.stderr).toMatch(/panel judge-01, judge-02, judge-03/);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
    const report = JSON.parse(readFileSync(out, "utf8"));
    expect(report.models.map((m: { model: string }) => m.model)).toEqual(["m-02", "m-01"]);
    expect(report.seed).toBe(7);
  });

  it("refuses an invalid bundle with line-numbered reasons and no report", () => {
    const dir = mkdtempSync(join(tmpdir(), "concord-cli-"));
    const file = join(dir, "bad.jsonl");
    const lines = readFileSync(BUNDLE, "utf8").split("\n");
    lines[1] = '{"kind":"model","id":"m-02","family":"cirrus","colour":"blue"}';
    lines[12] = lines[12].replace('"verdict":false', '"verdict":"no"').replace('"verdict":true', '"verdict":"no"');
    writeFileSync(file, lines.join("\n"));
    const run = concord("score", file, "--panel", "judge-01");
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^line 2: \(record\): unknown key "colour"$/m);
    expect(run.stderr).toMatch(/^line 13: verdict: /m);
  });

  it("needs exactly one of --panel and --freeze, and names unknown models", () => {
    expect(concord("score", BUNDLE).status).toBe(2);
    const unknown = concord("score", BUNDLE, "--panel", "judge-01", "--models", "m-99");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/unknown model "m-99"/);
    const bad = concord("score", BUNDLE, "--panel", "judge-01", "--resamples", "many");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--resamples must be an integer/);
  });
});

