import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { DIMENSION_KEYS } from "@/lib/flow/clinicianRatings";
import type { Role } from "@/lib/roles";
import type { Ctx } from "@/lib/server/context";
import { seedCorpusIfEmpty } from "@/lib/server/demo/seedCorpus";
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from "@/lib/server/errors";
import { freshDb } from "@/test/db";
import { smallCorpus } from "@/test/smallCorpus";
import { acknowledgeStudyNotice } from "./acknowledgeStudyNotice";
import { createStudy } from "./createStudy";
import { diffFlowRubricVersions } from "./diffFlowRubricVersions";
import { exportStudyJson } from "./exportStudyJson";
import { exportStudyResultsCsv } from "./exportStudyResultsCsv";
import { getRatingView } from "./getRatingView";
import { getStudyOverview } from "./getStudyOverview";
import { getStudyQueue } from "./getStudyQueue";
import { importClinicianRatings } from "./importClinicianRatings";
import { importConversations } from "./importConversations";
import { importFlowRubric } from "./importFlowRubric";
import { importJudgeResults } from "./importJudgeResults";
import { listMyStudies } from "./listMyStudies";
import { saveAnswer } from "./saveAnswer";
import { saveRating } from "./saveRating";

const as = (id: string, ...roles: Role[]): Ctx => ({ user: { id, email: `${id}@demo.test`, name: id, roles } });
const lead = as("lead-1", "lead");
const [clin1, clin2, clin3] = ["clin-1", "clin-2", "clin-3"].map((id) => as(id, "clinician"));
const fixture = (name: string) => readFileSync(join(__dirname, "../../../test/fixtures/vera", name), "utf8");
const file = (name: string, text = fixture(name)) => ({ name, text });
const TRANSCRIPTS = ["489d9d_Avery_sim-user-1_run1.txt", "7f9696_Jordan_sim-user-1_run1.txt"];

async function setUp(mode: "direct" | "guided", clinicianIds = ["clin-1", "clin-2", "clin-3"], perConversation = 3) {
  const rubric = await importFlowRubric({ ctx: lead, input: { name: "VERA-MH", file: file("rubric-v1.1.tsv") } });
  await importConversations({ ctx: lead, input: { files: TRANSCRIPTS.map((n) => file(n)), providerModel: "provider-secret-model", riskLevel: "High" } });
  const { id } = await createStudy({ ctx: lead, input: { name: `${mode} study`, rubricId: rubric.id, mode, conversationIds: ["489d9d", "7f9696"], clinicianIds, perConversation } });
  return id;
}

describe("flow study services", () => {
  let db: Db;
  beforeEach(async () => {
    db = freshDb();
    await seedCorpusIfEmpty(smallCorpus());
  });

  it("import and study services refuse anyone but a lead; rating services anyone but a clinician", async () => {
    const leadOnly = [
      (ctx: Ctx) => importFlowRubric({ ctx, input: { name: "r", file: file("rubric-v1.1.tsv") } }),
      (ctx: Ctx) => importConversations({ ctx, input: { files: [file(TRANSCRIPTS[0])] } }),
      (ctx: Ctx) => importJudgeResults({ ctx, input: { file: file("results-sample.csv") } }),
      (ctx: Ctx) => importClinicianRatings({ ctx, input: { studyId: 1, file: file("clinician-ratings-sample.csv") } }),
      (ctx: Ctx) => getStudyOverview({ ctx, input: { studyId: 1 } }),
      (ctx: Ctx) => exportStudyResultsCsv({ ctx, input: { studyId: 1 } }),
    ];
    for (const call of leadOnly) {
      await expect(call(clin1)).rejects.toBeInstanceOf(Forbidden);
      await expect(call(as("author-1", "author"))).rejects.toBeInstanceOf(Forbidden);
      await expect(call({ user: null })).rejects.toBeInstanceOf(Unauthorized);
    }
    await expect(getRatingView({ ctx: lead, input: { studyId: 1, number: 1 } })).rejects.toBeInstanceOf(Forbidden);
    await expect(saveRating({ ctx: lead, input: { studyId: 1, number: 1, dimension: 0, category: 0 } })).rejects.toBeInstanceOf(Forbidden);
    expect(db.all(sql`SELECT count(*) AS n FROM vera_rubrics`)).toEqual([{ n: 0 }]);
    expect(db.all(sql`SELECT count(*) AS n FROM vera_conversations`)).toEqual([{ n: 0 }]);
  });

  it("versions flow rubrics by name and diffs them question by question", async () => {
    const v1 = await importFlowRubric({ ctx: lead, input: { name: "VERA-MH", file: file("rubric-v1.1.tsv") } });
    expect(v1).toMatchObject({ version: 1, created: true, questions: 35 });
    const again = await importFlowRubric({ ctx: lead, input: { name: "VERA-MH", file: file("rubric-v1.1.tsv") } });
    expect(again).toMatchObject({ id: v1.id, version: 1, created: false });
    const lines = fixture("rubric-v1.1.tsv").split("\n");
    const q1 = lines.findIndex((l) => l.startsWith("1\t"));
    const cells = lines[q1].split("\t");
    cells[4] = `${cells[4]} (reworded)`;
    lines[q1] = cells.join("\t");
    const v2 = await importFlowRubric({ ctx: lead, input: { name: "VERA-MH", file: { name: "v2.tsv", text: lines.join("\n") } } });
    expect(v2).toMatchObject({ version: 2, created: true });
    const diff = await diffFlowRubricVersions({ ctx: lead, input: { fromId: v1.id, toId: v2.id } });
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({ id: "1", kind: "changed", changes: [{ field: "question" }] });
    if (diff[0].kind === "changed") expect(diff[0].changes[0].after).toMatch(/\(reworded\)$/);
  });

  it("refuses a bad rubric whole, naming file, line and column", async () => {
    const text = fixture("rubric-v1.1.tsv").replace(/\tRed\t/, "\tPurple\t");
    const error = await importFlowRubric({ ctx: lead, input: { name: "bad", file: { name: "bad.tsv", text } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Invalid).issues[0]).toMatch(/^bad\.tsv:\d+: Severity: unknown severity "Purple"/);
    expect(db.all(sql`SELECT count(*) AS n FROM vera_rubrics`)).toEqual([{ n: 0 }]);
  });

  it("imports transcripts all or nothing, with the metadata of the name and the form", async () => {
    const bad = { name: "abcdef_Sam_sim-user-1_run1.txt", text: "hello there\n\nuser: hi\n" };
    const error = await importConversations({ ctx: lead, input: { files: [file(TRANSCRIPTS[0]), bad] } }).catch((e: unknown) => e);
    expect((error as Invalid).issues).toEqual(['abcdef_Sam_sim-user-1_run1.txt:1: turn: text before the first "user: " or "chatbot: " line']);
    expect(db.all(sql`SELECT count(*) AS n FROM vera_conversations`)).toEqual([{ n: 0 }]);
    const done = await importConversations({ ctx: lead, input: { files: TRANSCRIPTS.map((n) => file(n)), providerModel: "m1", riskLevel: "Low" } });
    expect(done).toEqual({ created: 2, unchanged: 0, ids: ["489d9d", "7f9696"] });
    expect(db.all(sql`SELECT id, persona, user_model AS userModel, provider_model AS model, risk_level AS risk FROM vera_conversations ORDER BY id`)).toEqual([
      { id: "489d9d", persona: "Avery", userModel: "sim-user-1", model: "m1", risk: "Low" },
      { id: "7f9696", persona: "Jordan", userModel: "sim-user-1", model: "m1", risk: "Low" },
    ]);
    const turns = db.all<{ turns: string }>(sql`SELECT turns FROM vera_conversations WHERE id = '489d9d'`)[0].turns;
    expect(JSON.parse(turns)).toHaveLength(8);
    expect(await importConversations({ ctx: lead, input: { files: [file(TRANSCRIPTS[0])], providerModel: "m1", riskLevel: "Low" } })).toMatchObject({ created: 0, unchanged: 1 });
    await expect(importConversations({ ctx: lead, input: { files: [file(TRANSCRIPTS[0])], providerModel: "m2" } })).rejects.toBeInstanceOf(Invalid);
  });

  it("the study's figures on the imported sample ratings equal `vera ratings` on the same CSV", async () => {
    const studyId = await setUp("direct");
    const imported = await importClinicianRatings({ ctx: lead, input: { studyId, file: file("clinician-ratings-sample.csv") } });
    expect(imported.created).toBe(120);
    expect(imported.warnings.some((w) => /^clinician-ratings-sample\.csv:17: conversation_id: "#54871e"/.test(w))).toBe(true);
    const again = await importClinicianRatings({ ctx: lead, input: { studyId, file: file("clinician-ratings-sample.csv") } });
    expect(again).toMatchObject({ created: 0, unchanged: 120 });
    const changed = fixture("clinician-ratings-sample.csv").replace("rater_d,489d9d,4,5,Low,Low,Best Practice", "rater_d,489d9d,4,5,Low,Low,Not Relevant");
    const refused = await importClinicianRatings({ ctx: lead, input: { studyId, file: { name: "changed.csv", text: changed } } }).catch((e: unknown) => e);
    expect((refused as Invalid).issues).toEqual(["changed.csv:3: clinician_detects: rater_d's rating of 489d9d is already stored with another value"]);
    const report = JSON.parse(fixture("clinician-ratings-sample.report.json"));
    const { figures, dimensions } = await getStudyOverview({ ctx: lead, input: { studyId } });
    const close = (actual: unknown, expected: unknown) => {
      if (typeof expected === "number") expect(actual as number).toBeCloseTo(expected, 12);
      else expect(actual).toEqual(expected);
    };
    const { by_dimension, pairwise, raters, ...pooled } = report.agreement;
    expect(figures.agreement.raters).toEqual(raters);
    for (const [key, value] of Object.entries(pooled)) close((figures.agreement as unknown as Record<string, unknown>)[key], value);
    DIMENSION_KEYS.forEach((key, d) => {
      for (const [name, value] of Object.entries(by_dimension[key])) close((figures.agreement.by_dimension[dimensions[d]] as unknown as Record<string, unknown>)[name], value);
    });
    expect(figures.agreement.pairwise.map((p) => p.raters)).toEqual(pairwise.map((p: { raters: string[] }) => p.raters));
    figures.agreement.pairwise.forEach((p, i) => {
      close(p.kappa, pairwise[i].kappa);
      close(p.agreement, pairwise[i].agreement);
      close(p.units, pairwise[i].units);
    });
    expect(Object.keys(figures.models)).toEqual(Object.keys(report.models));
    for (const [model, expected] of Object.entries<{ ratings: number; vera: number; dimensions: Record<string, Record<string, number>> }>(report.models)) {
      close(figures.models[model].ratings, expected.ratings);
      close(figures.models[model].vera, expected.vera);
      DIMENSION_KEYS.forEach((key, d) => {
        for (const [name, value] of Object.entries(expected.dimensions[key])) close((figures.models[model].dimensions[dimensions[d]] as unknown as Record<string, unknown>)[name], value);
      });
    }
    expect(Object.keys(figures.riskLevels)).toEqual(["High", "Low", "None"]);
    expect(figures.consensus.splits.length).toBeGreaterThan(0);
  });

  it("compares each imported judge with the consensus and exports results.csv and JSON", async () => {
    const studyId = await setUp("direct");
    await importClinicianRatings({ ctx: lead, input: { studyId, file: file("clinician-ratings-sample.csv") } });
    expect(await importJudgeResults({ ctx: lead, input: { file: file("results-sample.csv") } })).toMatchObject({ created: 20, judges: ["judge-model-a #1", "judge-model-a #2"] });
    const { figures } = await getStudyOverview({ ctx: lead, input: { studyId } });
    expect(figures.judges.map((j) => j.judge)).toEqual(["judge-model-a #1", "judge-model-a #2"]);
    expect(figures.judges[0].units).toBeGreaterThan(0);
    const csv = await exportStudyResultsCsv({ ctx: lead, input: { studyId } });
    const [header, first] = csv.split("\r\n");
    expect(header.split(",").slice(0, 6)).toEqual(["filename", "run_id", "judge_model", "judge_instance", "judge_id", "Detects Potential Risk"]);
    expect(first).toMatch(/^489d9d_Avery_sim-user-1_run1\.txt,study-\d+,rater_c,1,2,Best Practice,/);
    const json = await exportStudyJson({ ctx: lead, input: { studyId } });
    expect(json.models["model-x"].vera).toBeCloseTo(47.19466405153248, 12);
  });

  it("assigns each conversation to three clinicians of the pool, balanced and seeded", async () => {
    const studyId = await setUp("direct", ["clin-1", "clin-2", "clin-3"], 2);
    const loads = db.all<{ user: string; n: number }>(sql`SELECT user_id AS user, count(*) AS n FROM vera_assignments WHERE study_id = ${studyId} GROUP BY user_id`);
    expect(loads.reduce((s, l) => s + l.n, 0)).toBe(4);
    expect(Math.max(...loads.map((l) => l.n)) - Math.min(...loads.map((l) => l.n))).toBeLessThanOrEqual(1);
    const perConversation = db.all<{ n: number }>(sql`SELECT count(*) AS n FROM vera_assignments WHERE study_id = ${studyId} GROUP BY conversation_id`);
    expect(perConversation).toEqual([{ n: 2 }, { n: 2 }]);
    await expect(createStudy({ ctx: lead, input: { name: "x", rubricId: 1, mode: "direct", conversationIds: ["489d9d"], clinicianIds: ["clin-1", "lead-1"] } })).rejects.toBeInstanceOf(Invalid);
  });

  it("a clinician's view holds no model, persona, conversation id or other rater's rating", async () => {
    const studyId = await setUp("guided");
    await importClinicianRatings({ ctx: lead, input: { studyId, file: file("clinician-ratings-sample.csv") } });
    await saveAnswer({ ctx: clin2, input: { studyId, number: 1, questionId: "1", answer: "Yes" } });
    const view = await getRatingView({ ctx: clin1, input: { studyId, number: 1 } });
    const payload = JSON.stringify(view);
    for (const secret of ["provider-secret-model", "sim-user", "model-x", "model-y", "Avery", "Jordan", "489d9d", "7f9696", ".txt", "rater_", "clin-2", '"providerModel"', '"userModel"', '"persona"', '"fileName"']) {
      expect(payload).not.toContain(secret);
    }
    expect(view.turns[0].speaker).toBe("user");
    expect(view.turns.length).toBeGreaterThan(5);
    expect(view.rubric?.questions).toHaveLength(35);
    const queues = JSON.stringify(await listMyStudies({ ctx: clin1 }));
    expect(queues).not.toContain("provider-secret-model");
  });

  it("a clinician sees only the conversations assigned to them", async () => {
    const studyId = await setUp("direct", ["clin-1", "clin-2"], 1);
    await expect(getRatingView({ ctx: clin3, input: { studyId, number: 1 } })).rejects.toBeInstanceOf(NotFound);
    await expect(saveRating({ ctx: clin3, input: { studyId, number: 1, dimension: 0, category: 0 } })).rejects.toBeInstanceOf(NotFound);
    await expect(acknowledgeStudyNotice({ ctx: clin3, input: { studyId } })).rejects.toBeInstanceOf(NotFound);
    await expect(getRatingView({ ctx: clin1, input: { studyId, number: 2 } })).rejects.toBeInstanceOf(NotFound);
    await expect(getStudyQueue({ ctx: clin3, input: { studyId } })).rejects.toBeInstanceOf(NotFound);
    expect(await listMyStudies({ ctx: clin3 })).toEqual([]);
    expect(await getStudyQueue({ ctx: clin1, input: { studyId } })).toMatchObject({ noticeAcknowledged: false, entries: [{ number: 1, done: false }], resumeAt: 1 });
  });

  it("direct ratings are idempotent upserts and resume where the clinician stopped", async () => {
    const studyId = await setUp("direct");
    await acknowledgeStudyNotice({ ctx: clin1, input: { studyId } });
    for (let i = 0; i < 2; i++) await saveRating({ ctx: clin1, input: { studyId, number: 1, dimension: 0, category: 2 } });
    await saveRating({ ctx: clin1, input: { studyId, number: 1, dimension: 1, category: 0 } });
    await saveRating({ ctx: clin1, input: { studyId, number: 1, dimension: 1, category: 3 } });
    expect(db.all(sql`SELECT dimension, category FROM vera_ratings WHERE rater = 'clin-1' ORDER BY dimension`)).toEqual([
      { dimension: 0, category: 2 },
      { dimension: 1, category: 3 },
    ]);
    const view = await getRatingView({ ctx: clin1, input: { studyId, number: 1 } });
    expect(view.noticeAcknowledged).toBe(true);
    expect(view.dimensions.map((d) => d.rating)).toEqual([2, 3, null, null, null]);
    await expect(saveAnswer({ ctx: clin1, input: { studyId, number: 1, questionId: "1", answer: "Yes" } })).rejects.toBeInstanceOf(Conflict);
    for (let d = 2; d < 5; d++) await saveRating({ ctx: clin1, input: { studyId, number: 1, dimension: d, category: 0 } });
    expect((await listMyStudies({ ctx: clin1 }))[0]).toMatchObject({ total: 2, done: 1, next: 2 });
  });

  it("guided answers are walked through the rubric; the ratings appear when the walk ends", async () => {
    const studyId = await setUp("guided");
    await expect(saveRating({ ctx: clin1, input: { studyId, number: 1, dimension: 0, category: 0 } })).rejects.toBeInstanceOf(Conflict);
    await expect(saveAnswer({ ctx: clin1, input: { studyId, number: 1, questionId: "1", answer: "Perhaps" } })).rejects.toBeInstanceOf(Invalid);
    const first = await saveAnswer({ ctx: clin1, input: { studyId, number: 1, questionId: "1", answer: "no" } });
    expect(first.ratings).toBeNull();
    // Answer "No" to every question the walk reaches until it ends.
    let ratings: number[] | null = null;
    for (let step = 0; step < 40 && ratings === null; step++) {
      const view = await getRatingView({ ctx: clin1, input: { studyId, number: 1 } });
      const next = view.rubric?.questions.find((q) => !(q.id in view.answers) && !q.auto);
      if (!next) break;
      ratings = (await saveAnswer({ ctx: clin1, input: { studyId, number: 1, questionId: next.id, answer: next.options.at(-1)?.answer ?? "No" } })).ratings;
    }
    expect(ratings).not.toBeNull();
    const stored = db.all<{ n: number }>(sql`SELECT count(*) AS n FROM vera_ratings WHERE rater = 'clin-1' AND study_id = ${studyId}`);
    expect(stored).toEqual([{ n: 5 }]);
  });
});
