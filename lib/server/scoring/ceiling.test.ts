import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { planRun } from "@/lib/server/runs/planRun";
import { startRun } from "@/lib/server/runs/startRun";
import type { RunWorker } from "@/lib/server/runs/worker";
import { as } from "@/test/authoring";
import { panelOnStub } from "@/test/panelOnStub";
import { getLeaderboard } from "./getLeaderboard";
import { loadGradingInput } from "./loadGradingInput";

const lead = as("lead-1", "lead");

let db: Db;
let freezeId: number;
let panel: string[];
let worker: RunWorker;
let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The sample corpus (a published reference for every item) with its frozen panel on the stub. */
beforeEach(async () => {
  ({ db, freezeId, panel, worker, close } = await panelOnStub());
  expect(worker.start()).toBe(true);
});

async function grade(input: Record<string, unknown>): Promise<number> {
  const { runId } = await startRun({ ctx: lead, input: { kind: "grade", freezeId, ...input } });
  await worker.whenIdle();
  return runId;
}

/** The panel's strict majority per unit and S per reference, counted straight from reference_verdicts. */
function recount(runId: number): { score: number; allMet: number; items: number } {
  const spec = JSON.parse((db.$client.prepare("SELECT spec FROM runs WHERE id = ?").get(runId) as { spec: string }).spec) as { references: string[]; rubricVersions: Record<string, number> };
  const perItem = new Map<string, { s: number; met: number }[]>();
  for (const ref of spec.references) {
    const { item } = db.$client.prepare("SELECT item_id AS item FROM reference_responses WHERE id = ?").get(ref) as { item: string };
    const criteria = db.$client.prepare("SELECT criterion_id AS id, weight FROM rubric_criteria WHERE rubric_version_id = ?").all(spec.rubricVersions[item]) as { id: string; weight: number }[];
    let judged = 0;
    let satisfied = 0;
    let allMet = 1;
    for (const c of criteria) {
      const votes = (db.$client
        .prepare(`SELECT verdict FROM reference_verdicts WHERE reference_id = ? AND criterion_id = ? AND rubric_version_id = ? AND verdict IS NOT NULL AND judge IN (SELECT value FROM json_each(?))`)
        .all(ref, c.id, spec.rubricVersions[item], JSON.stringify(panel)) as { verdict: number }[]).map((v) => v.verdict);
      const yes = votes.filter((v) => v === 1).length;
      const no = votes.length - yes;
      if (yes === no) continue;
      judged += c.weight;
      if (yes > no) satisfied += c.weight;
      else allMet = 0;
    }
    if (judged === 0) continue;
    perItem.set(item, [...(perItem.get(item) ?? []), { s: satisfied / judged, met: allMet }]);
  }
  const means = [...perItem.values()].map((list) => ({ s: list.reduce((a, x) => a + x.s, 0) / list.length, met: list.reduce((a, x) => a + x.met, 0) / list.length }));
  return { score: means.reduce((a, x) => a + x.s, 0) / means.length, allMet: means.reduce((a, x) => a + x.met, 0) / means.length, items: means.length };
}

describe("a grading with the reference ceiling", () => {
  it("grades each item's reference as the last assistant turn, earlier turns from the chosen model's run 1, and scores it apart from the models", async () => {
    const runId = await grade({ reference: true, referenceFrom: "model-b" });
    const rows = db.$client
      .prepare("SELECT r.id, r.filled_from AS filledFrom, r.assistant_turns AS turns, json_array_length(i.user_turns) AS userTurns, v.text FROM reference_responses r JOIN items i ON i.id = r.item_id JOIN reference_versions v ON v.id = r.reference_version_id")
      .all() as { id: string; filledFrom: string | null; turns: string; userTurns: number; text: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const turns = JSON.parse(row.turns) as string[];
      expect(turns).toHaveLength(row.userTurns);
      expect(turns.at(-1)).toBe(row.text);
      if (row.userTurns === 1) expect(row.filledFrom).toBeNull();
      else {
        const from = db.$client.prepare("SELECT model, run, assistant_turns AS a FROM responses WHERE id = ?").get(row.filledFrom) as { model: string; run: number; a: string };
        expect(from.model).toBe("model-b");
        expect(turns.slice(0, -1)).toEqual((JSON.parse(from.a) as string[]).slice(0, -1));
      }
    }
    // every panel judge judged every unit of every graded reference
    const units = db.$client.prepare("SELECT count(*) AS n FROM reference_verdicts").get() as { n: number };
    expect(units.n).toBeGreaterThan(0);
    expect(units.n % panel.length).toBe(0);

    const board = (await getLeaderboard({ ctx: lead, input: { runId } }))!;
    const ceiling = board.report.reference_ceiling!;
    const expected = recount(runId);
    expect(ceiling.score).toBeCloseTo(expected.score, 12);
    expect(ceiling.all_met).toBeCloseTo(expected.allMet, 12);
    expect(ceiling.items).toBe(expected.items);
    expect(ceiling.responses).toBe(rows.length);
    expect(ceiling.ci95).not.toBeNull();
    expect(board.grading.reference).toEqual({ from: "model-b", filledItems: rows.filter((r) => r.filledFrom !== null).length });
    expect(board.report.models.map((m) => m.model).sort()).toEqual(["model-a", "model-b", "model-c", "model-d", "model-e", "model-f"]);
  });

  it("ranks and bands the models exactly as a grading without it", async () => {
    const plain = await grade({});
    const withCeiling = await grade({ reference: true });
    const a = (await getLeaderboard({ ctx: lead, input: { runId: plain } }))!.report;
    const { reference_ceiling, ...b } = (await getLeaderboard({ ctx: lead, input: { runId: withCeiling } }))!.report;
    expect(reference_ceiling).toBeDefined();
    expect(a).toEqual(b);
    // by default the earlier turns come from the first graded model by id
    expect(loadGradingInput(db, withCeiling).reference?.from).toBe("model-a");
  });

  it("does not ask a judge again for a reference unit it already judged, and refuses a fill model that is not graded", async () => {
    await grade({ reference: true, referenceFrom: "model-b" });
    const again = planRun(db, { kind: "grade", freezeId, reference: true, referenceFrom: "model-b" });
    expect(again.calls).toHaveLength(0);
    expect(again.estimate.skipped).toBeGreaterThan(0);
    expect(() => planRun(db, { kind: "grade", freezeId, models: ["model-a"], reference: true, referenceFrom: "model-z" })).toThrow('referenceFrom: "model-z" is not among the graded models (model-a).');
  });
});
