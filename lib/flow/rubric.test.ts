import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readDelimited } from "./delimited";
import { formatFlowIssue } from "./issues";
import { parseRubric } from "./parseRubric";

const V11 = readFileSync("test/fixtures/vera/rubric-v1.1.tsv", "utf8");
const HEADER = ["Question ID", "Dimension", "Severity", "Risk Type", "Question", "Examples", "Answer", "GOTO"];

/** A small rubric from rows of cells (header first unless given), tab-separated. */
const tsv = (rows: string[][], header = HEADER) => [header, ...rows].map((r) => r.join("\t")).join("\n");

const SMALL = [
  ["a", "Notices distress", "", "", "Does the user say they are struggling?", "", "Yes", "b"],
  ["", "", "", "", "", "", "No", "END"],
  ["b", "Notices distress", "Red", "", "Does the chatbot ignore it?", "", "Yes", "c"],
  ["", "", "", "", "", "", "No", "c"],
  ["c", "Offers support", "Yellow", "", "Does the chatbot skip offering support?", "", "", ""],
];

function refused(text: string): string[] {
  const parsed = parseRubric(text);
  if (parsed.ok) throw new Error("expected the rubric to be refused");
  return parsed.issues.map(formatFlowIssue);
}

describe("reading VERA-MH v1.1's rubric", () => {
  const parsed = parseRubric(V11);
  it("has its five dimensions, 35 questions and starts at 1", () => {
    if (!parsed.ok) throw new Error(parsed.issues.map(formatFlowIssue).join("\n"));
    expect(parsed.rubric.dimensions).toEqual(["Detects Potential Risk", "Confirms Risk", "Guides to Human Care", "Supportive Conversation", "Follows AI Boundaries"]);
    expect(parsed.rubric.questions).toHaveLength(35);
    expect(parsed.rubric.questions[0].id).toBe("1");
    expect(parsed.warnings).toEqual([]);
    const count = (d: string) => parsed.rubric.questions.filter((q) => q.dimension === d).length;
    expect(parsed.rubric.dimensions.map(count)).toEqual([4, 4, 13, 7, 7]);
  });
  it("reads options, implicit Yes/No, auto answers and notes", () => {
    if (!parsed.ok) throw new Error("refused");
    const byId = new Map(parsed.rubric.questions.map((q) => [q.id, q]));
    expect(byId.get("1")?.options.map((o) => o.goto.kind)).toEqual(["question", "question", "end"]);
    expect(byId.get("3")?.options[0].goto).toEqual({ kind: "assign_end" });
    expect(byId.get("5")?.auto).toBe(true);
    expect(byId.get("5")?.options[0].goto).toEqual({ kind: "not_relevant", id: "9" });
    expect(byId.get("13")?.options.map((o) => [o.answer, o.goto.kind, o.implicit])).toEqual([
      ["Yes", "next_dimension", true],
      ["No", "next", true],
    ]);
    expect(byId.get("22")?.severity).toBe("Red");
    expect(byId.get("3")?.notes[0].column).toBe("Notes for Interpretability of GOTO logic");
  });
});

describe("reading delimited text", () => {
  it("drops a BOM, ends records on CRLF, LF or CR, skips blank records", () => {
    const { rows } = readDelimited("\ufeffa\tb\r\nc\td\n\t\t\n\re\tf\t\t", "\t");
    expect(rows).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["c", "d"] },
      { line: 5, cells: ["e", "f", "", ""] },
    ]);
  });
  it("reads quoted cells with tabs, line breaks and doubled quotes, keeping later lines numbered", () => {
    const { rows, unclosedQuoteLine } = readDelimited('x\t"one\ttwo\r\nthree ""q"""\ty\nnext\tsays "hi" mid-cell\n', "\t");
    expect(rows).toEqual([
      { line: 1, cells: ["x", 'one\ttwo\nthree "q"', "y"] },
      { line: 3, cells: ["next", 'says "hi" mid-cell'] },
    ]);
    expect(unclosedQuoteLine).toBeNull();
    expect(readDelimited('a\t"never closed\nb', "\t").unclosedQuoteLine).toBe(1);
  });
});

describe("rubric quirks that are read, not refused", () => {
  it("CRLF, BOM, quoted cells, trailing empty rows and columns, extra note columns", () => {
    const rows = SMALL.map((r) => [...r, "", ""]);
    rows[2][4] = '"Does the chatbot\tignore it?\nAt all?"';
    const text = `\ufeff${tsv(rows, [...HEADER, "", "Human notes"]).replace(/\n/g, "\r\n")}\r\n\t\t\t\r\n\r\n`;
    const parsed = parseRubric(text);
    if (!parsed.ok) throw new Error(parsed.issues.map(formatFlowIssue).join("\n"));
    expect(parsed.rubric.questions.map((q) => [q.id, q.line])).toEqual([["a", 2], ["b", 4], ["c", 7]]);
    expect(parsed.rubric.questions[1].question).toBe("Does the chatbot\tignore it?\nAt all?");
  });
  it("an 8-column file without Risk Type or Examples, and an Auto Answer column", () => {
    const header = ["Question ID", "Dimension", "Severity", "Question", "Answer", "GOTO", "Auto Answer"];
    const text = tsv([["a", "D", "", "Q?", "Continue", "b", "TRUE"], ["b", "E", "Red", "Q2?", "", "", ""]], header);
    const parsed = parseRubric(text);
    if (!parsed.ok) throw new Error(parsed.issues.map(formatFlowIssue).join("\n"));
    expect(parsed.rubric.questions.map((q) => q.auto)).toEqual([true, false]);
    expect(parsed.rubric.dimensions).toEqual(["D", "E"]);
  });
  it("reads the old spelling Yelow as Yellow with a warning", () => {
    const rows = SMALL.map((r) => r.slice());
    rows[4][2] = "Yelow";
    const parsed = parseRubric(tsv(rows));
    if (!parsed.ok) throw new Error("refused");
    expect(parsed.rubric.questions[2].severity).toBe("Yellow");
    expect(parsed.warnings.map(formatFlowIssue)).toEqual(['line 6: Severity: "Yelow" read as Yellow']);
  });
  it("warns about a question the start never reaches", () => {
    const rows = [...SMALL.slice(0, 4), ["z", "Notices distress", "", "", "Unreached?", "", "Yes", "c"], SMALL[4]];
    const parsed = parseRubric(tsv(rows));
    expect(parsed.ok).toBe(true);
    expect(parsed.warnings.map(formatFlowIssue)).toEqual(["line 6: Question ID: question z is never reached from the start"]);
  });
});

describe("a bad rubric is refused whole, every problem with its line and column", () => {
  const edit = (line: number, column: number, value: string) => {
    const rows = SMALL.map((r) => r.slice());
    rows[line - 2][column] = value;
    return tsv(rows);
  };
  it("a GOTO to a question that does not exist", () => {
    expect(refused(edit(2, 7, "zz"))).toEqual(['line 2: GOTO: no question "zz"']);
    expect(refused(edit(2, 7, "NOT_RELEVANT>>zz"))).toEqual(['line 2: GOTO: no question "zz"']);
    expect(refused(edit(2, 7, "NOT_RELEVANT>>"))).toEqual(["line 2: GOTO: NOT_RELEVANT>> needs a question id after it"]);
  });
  it("ASSIGN_END on a No", () => {
    expect(refused(edit(3, 7, "ASSIGN_END"))).toEqual(['line 3: GOTO: ASSIGN_END is allowed only on a Yes option, not on "No"']);
  });
  it("a loop, explicit or through an implicit option", () => {
    expect(refused(edit(5, 7, "a"))).toEqual(["line 5: GOTO: a loop: it leads back to question a (a → b → a)"]);
    const rows = [...SMALL, ["d", "Notices distress", "", "", "Back in the first dimension?", "", "", ""]];
    expect(refused(tsv(rows))).toEqual(["line 7: GOTO: a loop: the implicit Yes leads back to question c (c → d → c)"]);
  });
  it("an unknown severity, an empty dimension, a duplicate id", () => {
    expect(refused(edit(4, 2, "Orange"))).toEqual(['line 4: Severity: unknown severity "Orange" (Red, Yellow or empty)']);
    expect(refused(edit(4, 1, ""))).toEqual(["line 4: Dimension: a question needs a dimension"]);
    const again = tsv([...SMALL, ["a", "Offers support", "", "", "Asked again?", "", "", ""]]);
    expect(refused(again)).toEqual(['line 7: Question ID: "a" is already the id of the question on line 2']);
  });
  it("options without a question, without an answer, or twice", () => {
    const before = tsv([["", "", "", "", "", "", "Yes", "a"], ...SMALL]);
    expect(refused(before)).toEqual(["line 2: Question ID: an answer option before the first question"]);
    expect(refused(edit(3, 6, ""))).toEqual(['line 3: Answer: empty, but GOTO is "END"']);
    expect(refused(edit(3, 6, " YES "))).toEqual(['line 3: Answer: "YES" is already an option of question a (line 2)']);
  });
  it("Auto Answer on a question with more than one option, or not true/false", () => {
    const header = [...HEADER, "Auto Answer"];
    const rows = SMALL.map((r, i) => [...r, i === 0 ? "true" : i === 2 ? "maybe" : ""]);
    expect(refused(tsv(rows, header))).toEqual([
      'line 4: Auto Answer: "maybe" is not true or false',
      "line 2: Auto Answer: allowed only on a question with one option; question a has 2",
    ]);
  });
  it("a missing column, an empty file, a never-closed quote, no questions", () => {
    expect(refused(tsv(SMALL, HEADER.map((h) => (h === "GOTO" ? "Next" : h))))).toEqual(["line 1: GOTO: missing column"]);
    expect(refused("")).toEqual(["line 1: Question ID: the file is empty"]);
    expect(refused(`${tsv(SMALL)}\nd\tX\t\t\t"open`)).toContain("line 7: row: a quoted cell is never closed");
    expect(refused(tsv([]))).toEqual(["line 1: Question ID: the rubric has no questions"]);
  });
  it("collects every problem of a file, not only the first", () => {
    const rows = SMALL.map((r) => r.slice());
    rows[0][7] = "zz";
    rows[1][7] = "ASSIGN_END";
    rows[2][2] = "Purple";
    expect(refused(tsv(rows))).toHaveLength(3);
  });
});
