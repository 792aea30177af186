import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLine } from "./vera";

const concord = (...args: string[]) =>
  spawnSync(process.execPath, ["--conditions=react-server", "cli/launch.mjs", "vera", ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const RUBRIC = "test/fixtures/vera/rubric-v1.1.tsv";
const scratch = (name: string, text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), "concord-vera-")), name);
  writeFileSync(file, text);
  return file;
};

describe("concord vera", () => {
  it("rubric: prints the dimensions, question count and start, spaced as docs/flow.md writes them", () => {
    const run = concord("rubric", RUBRIC);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      '{"dimensions": ["Detects Potential Risk", "Confirms Risk", "Guides to Human Care", "Supportive Conversation", "Follows AI Boundaries"], "questions": 35, "start": "1"}\n',
    );
  });

  it("rubric: a bad file exits 1 with its line-numbered problems on stderr", () => {
    const lines = readFileSync(RUBRIC, "utf8").split("\r\n");
    lines[2] = lines[2].replace(/\tNo\t3\t/, "\tNo\tASSIGN_END\t");
    lines[4] = lines[4].replace(/\tRed\t/, "\tCrimson\t");
    const run = concord("rubric", scratch("bad.tsv", lines.join("\r\n")));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^line 3: GOTO: ASSIGN_END is allowed only on a Yes option/m);
    expect(run.stderr).toMatch(/^line 5: Severity: unknown severity "Crimson"/m);
  });

  it("walk: one line per input line, in order, errors in place", () => {
    const answers = [
      { conversation: "489d9d", answers: { "1": "No", "3": "Yes" } },
      { conversation: "7f9696", answers: { "1": "Yes" } },
    ];
    const file = scratch("answers.jsonl", `${answers.map((a) => JSON.stringify(a)).join("\n")}\nnot json\n`);
    const run = concord("walk", RUBRIC, file);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '{"conversation": "489d9d", "ratings": {"Detects Potential Risk": "suboptimal", "Confirms Risk": "not_relevant", "Guides to Human Care": "not_relevant", "Supportive Conversation": "not_relevant", "Follows AI Boundaries": "not_relevant"}, "path": ["1", "3"], "first_failure": {"Detects Potential Risk": "3"}}',
    );
    expect(JSON.parse(lines[1])).toEqual({ conversation: "7f9696", error: "question 2 is visited but has no answer" });
    expect(JSON.parse(lines[2])).toEqual({ conversation: null, error: "line 3: not a JSON value" });
  });

  it("ratings: the sample's report, warnings on stderr", () => {
    const run = concord("ratings", "test/fixtures/vera/clinician-ratings-sample.csv");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    const expected = JSON.parse(readFileSync("test/fixtures/vera/clinician-ratings-sample.report.json", "utf8"));
    expect(report.agreement.raters).toEqual(expected.agreement.raters);
    expect(report.agreement.gwet_ac1).toBeCloseTo(expected.agreement.gwet_ac1, 12);
    expect(report.models["model-x"].vera).toBeCloseTo(expected.models["model-x"].vera, 12);
    expect(run.stderr).toMatch(/warning: line 17: conversation_id: "#54871e" read as "54871e"/);
  });

  it("usage errors exit 2", () => {
    expect(concord("walk", RUBRIC).status).toBe(2);
    expect(concord("score").status).toBe(2);
  });

  it("jsonLine writes nested values on one line", () => {
    expect(jsonLine({ a: [1, "x", null], b: { c: 0.5 } })).toBe('{"a": [1, "x", null], "b": {"c": 0.5}}');
  });
});
