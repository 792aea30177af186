import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assignConversations } from "./assign";
import { parseClinicianRatings } from "./clinicianRatings";
import { fileIssues, ISSUE_CAP } from "./fileIssues";
import { parseJudgeResults } from "./judgeResults";
import { parseRubric } from "./parseRubric";
import { ratingsReport } from "./ratingsReport";
import { diffFlowRubrics } from "./rubricDiff";
import { studyFigures } from "./studyFigures";
import { parseTranscript, transcriptName } from "./transcript";
import { walkFlow } from "./walk";

const fixture = (name: string) => readFileSync(join(__dirname, "../../test/fixtures/vera", name), "utf8");

describe("transcripts", () => {
  it("reads VERA-MH's file name and turns, keeping the end marker apart", () => {
    const parsed = parseTranscript("489d9d_Avery_sim-user-1_run1.txt", fixture("489d9d_Avery_sim-user-1_run1.txt"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.transcript).toMatchObject({ id: "489d9d", persona: "Avery", userModel: "sim-user-1", endMarker: "[CONVERSATION ENDED - user signaled termination]" });
    expect(parsed.transcript.turns.map((t) => t.speaker)).toEqual(["user", "chatbot", "user", "chatbot", "user", "chatbot", "user", "chatbot"]);
    expect(parsed.transcript.turns[0].text).toBe("hey. can't sleep again. third night this week");
  });

  it("keeps blank lines inside a turn and takes any other name whole", () => {
    const parsed = parseTranscript("chat.txt", "user: one\n\nstill one\n\nchatbot: two\n");
    expect(parsed.ok && parsed.transcript).toMatchObject({ id: "chat", persona: null, turns: [{ speaker: "user", text: "one\n\nstill one" }, { speaker: "chatbot", text: "two" }] });
    expect(transcriptName("dir/ABCDEF_Sam_u_run12.txt")).toEqual({ id: "abcdef", persona: "Sam", userModel: "u" });
  });

  it("refuses text before the first turn, empty turns, text after the end and a file without turns", () => {
    const bad = parseTranscript("x.txt", "hello\nuser:\nchatbot: hi\n[CONVERSATION ENDED - user signaled termination]\nmore\n");
    expect(bad.ok ? [] : bad.issues).toEqual([
      { line: 1, column: "turn", reason: 'text before the first "user: " or "chatbot: " line' },
      { line: 5, column: "turn", reason: "text after the end marker" },
      { line: 2, column: "turn", reason: "the user turn is empty" },
    ]);
    expect(parseTranscript("y.txt", "\n\n").ok).toBe(false);
  });
});

describe("judge results", () => {
  it("reads results.csv by dimension, with the deciding question and reasoning", () => {
    const parsed = parseJudgeResults(fixture("results-sample.csv"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(parsed.dimensions).toHaveLength(5);
    expect(parsed.results).toHaveLength(20);
    expect(parsed.results.find((r) => r.yesQuestionId !== null)).toMatchObject({ conversation: "7f9696", dimension: "Guides to Human Care", category: 2, yesQuestionId: "10", judgeInstance: "1" });
  });

  it("refuses an unknown rating and a repeated judge instance, naming the line", () => {
    const text = fixture("results-sample.csv").split("\n");
    text[2] = text[2].replace("Best Practice", "Great");
    text.push(text[1]);
    const parsed = parseJudgeResults(text.join("\n"));
    expect(parsed.ok ? [] : parsed.issues.map((i) => `${i.line}: ${i.column}`)).toEqual(["3: Detects Potential Risk", "7: judge_instance"]);
  });
});

describe("rubric diff, assignment, issue cap", () => {
  it("lists added, removed and changed questions only", () => {
    const v1 = parseRubric(fixture("rubric-v1.1.tsv"));
    const v2 = parseRubric(fixture("rubric-v1.1.tsv").replace(/^35\t/m, "36\t"));
    if (!v1.ok || !v2.ok) throw new Error("fixture");
    expect(diffFlowRubrics(v1.rubric, v1.rubric)).toEqual([]);
    expect(diffFlowRubrics(v1.rubric, v2.rubric).map((d) => `${d.kind} ${d.id}`)).toEqual(["added 36", "removed 35"]);
  });

  it("gives each conversation k distinct clinicians, loads within one, the same for the same seed", () => {
    const conversations = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const clinicians = ["a", "b", "c", "d"];
    const plan = assignConversations(conversations, clinicians, 3, 7);
    const loads = clinicians.map((c) => plan.get(c)?.length ?? 0);
    expect(loads.reduce((s, n) => s + n, 0)).toBe(30);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    for (const c of conversations) expect(clinicians.filter((x) => plan.get(x)?.includes(c))).toHaveLength(3);
    expect(assignConversations(conversations, clinicians, 3, 7)).toEqual(plan);
    expect(assignConversations(conversations, clinicians, 3, 8)).not.toEqual(plan);
  });

  it("caps an import's problems at 200 and counts the rest", () => {
    const issues = Array.from({ length: 250 }, (_, i) => ({ line: i + 1, column: "c", reason: "r" }));
    const out = fileIssues([{ file: "f.csv", issues }]);
    expect(out).toHaveLength(ISSUE_CAP + 1);
    expect(out[0]).toBe("f.csv:1: c: r");
    expect(out.at(-1)).toBe("… and 50 more");
  });
});

describe("study figures", () => {
  it("equal `vera ratings` on the same ratings", () => {
    const parsed = parseClinicianRatings(fixture("clinician-ratings-sample.csv"));
    if (!parsed.ok) throw new Error("fixture");
    const { set, model, models } = parsed.ratings;
    const d = set.dimensions.length;
    const ratings = Array.from(set.unit, (unit, i) => ({
      conversation: set.conversations[Math.floor(unit / d)],
      rater: set.raters[set.rater[i]],
      dimension: unit % d,
      category: set.category[i],
      model: model[i] < 0 ? null : models[model[i]],
      riskLevel: null,
    }));
    const figures = studyFigures(set.dimensions, ratings, [{ judge: "j", conversation: "489d9d", dimension: 0, category: 0 }]);
    const cli = ratingsReport(parsed.ratings);
    expect(figures.agreement).toEqual(cli.agreement);
    expect(figures.models).toEqual(cli.models);
    expect(figures.judges).toMatchObject([{ judge: "j", units: 1, accuracy: 1 }]);
    expect(figures.consensus.units).toBe(40);
    expect(figures.consensus.splits.every((s) => new Set(s.ratings.map((r) => r.category)).size > 1)).toBe(true);
  });
});

describe("a partial walk", () => {
  it("returns the question that could not be answered and the walk so far", () => {
    const parsed = parseRubric(fixture("rubric-v1.1.tsv"));
    if (!parsed.ok) throw new Error("fixture");
    const { graph } = parsed;
    const walk = walkFlow(graph, (q) => (q === 0 ? graph.optionStart[0] : -1));
    expect("unanswered" in walk && graph.ids[walk.unanswered]).toBe("2");
    expect("unanswered" in walk && walk.partial.path.map((q) => graph.ids[q])).toEqual(["1", "2"]);
  });
});
