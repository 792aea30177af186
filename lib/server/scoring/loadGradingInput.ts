import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { Id, type Dimension } from "@/lib/bundle/schema";
import { familiesOf, isEmptyTurn, type ScoringInput, type ScoringItem, type ScoringResponse, type ScoringVerdict } from "@/lib/scoring/input";
import { readDescriptors } from "@/lib/server/bundle/descriptions";
import { Invalid, NotFound } from "@/lib/server/errors";

/** What a grade run's `spec` holds (lib/server/runs/planRun.ts writes it). */
const GradeSpec = z.object({
  freezeId: z.number().int(),
  judges: z.array(Id).min(1),
  /** Item id → the id of the rubric version (row of rubric_versions) the run pinned. */
  rubricVersions: z.record(Id, z.number().int()),
  /** Absent: every model with a response to the pinned items. */
  models: z.array(Id).optional(),
  /** The graded references (rows of reference_responses) of the reference ceiling; absent without it. */
  references: z.array(z.string()).optional(),
  /** The model whose responses gave multi-turn items' earlier assistant turns. */
  referenceFrom: Id.optional(),
});

export interface Grading {
  run: { id: number; title: string; status: string; createdAt: number; finishedAt: number | null };
  freezeId: number;
  /** The frozen panel's judges, sorted. */
  panel: string[];
  /** The graded models, sorted. */
  models: string[];
  /** Item id → pinned rubric version number. */
  versions: Record<string, number>;
  /** A panel judge ran on, or was frozen with, a simulated endpoint. */
  simulated: boolean;
  /** With the reference ceiling: the model whose responses gave multi-turn items' earlier turns, and on how many items. */
  reference: { from: string; filledItems: number } | null;
  /** The change counters (db/schema.ts changeCounters) whose sum changes whenever this grading's input may have. */
  counterKeys: string[];
  input: ScoringInput;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The latest finished grade run of a frozen panel (any panel without one), or null. */
export function latestGradingRun(db: Db, freezeId?: number): number | null {
  const row = db.$client
    .prepare(`SELECT id FROM runs WHERE kind = 'grade' AND status = 'done' AND (? IS NULL OR json_extract(spec, '$.freezeId') = ?) ORDER BY finished_at DESC, id DESC LIMIT 1`)
    .get(freezeId ?? null, freezeId ?? null) as { id: number } | undefined;
  return row?.id ?? null;
}

/**
 * A grading (a grade run over a frozen panel) as scoring input, from the database: the
 * pinned items with their pinned rubric version's criteria, the graded models'
 * responses to them, the panel judges' verdicts on exactly those versions, and the
 * families of models and judges. Items and responses come in id order, as a bundle
 * export lists them, so the engine sums in the same order as `concord score`; verdicts
 * (by judge and response) each fill a fixed place, so their order changes no figure.
 */
export function loadGradingInput(db: Db, runId: number): Grading {
  const c = db.$client;
  const row = c.prepare("SELECT id, kind, title, status, spec, created_at AS createdAt, finished_at AS finishedAt FROM runs WHERE id = ?").get(runId) as
    | { id: number; kind: string; title: string; status: string; spec: string; createdAt: number; finishedAt: number | null }
    | undefined;
  if (!row || row.kind !== "grade") throw new NotFound(`There is no grade run ${runId}.`);
  const parsed = GradeSpec.safeParse(JSON.parse(row.spec));
  if (!parsed.success) throw new Invalid(`Grade run ${runId} has a spec Concord cannot read: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "spec"}: ${i.message}`).join("; ")}.`);
  const spec = parsed.data;
  const pins = JSON.stringify(spec.rubricVersions);
  const panel = [...new Set(spec.judges)].sort(byId);

  const itemRows = c
    .prepare(`SELECT i.id, i.subcategory, i.age, i.intent, i.stage, i.directness, i.split, json_array_length(i.user_turns) AS turns, v.id AS versionId, v.version
      FROM json_each(?) p JOIN items i ON i.id = p.key JOIN rubric_versions v ON v.id = p.value AND v.item_id = i.id ORDER BY i.id`)
    .all(pins) as (Omit<ScoringItem, "criteria"> & { versionId: number; version: number })[];
  if (itemRows.length !== Object.keys(spec.rubricVersions).length) throw new Invalid(`Grade run ${runId} pins rubric versions that are not in the database.`);
  const criteria = c
    .prepare(`SELECT rc.rubric_version_id AS versionId, rc.criterion_id AS id, rc.dimension, rc.weight FROM json_each(?) p JOIN rubric_criteria rc ON rc.rubric_version_id = p.value ORDER BY rc.rubric_version_id, rc.position`)
    .all(pins) as { versionId: number; id: string; dimension: Dimension; weight: number }[];
  const criteriaOf = new Map<number, typeof criteria>();
  for (const r of criteria) {
    const list = criteriaOf.get(r.versionId);
    if (list) list.push(r);
    else criteriaOf.set(r.versionId, [r]);
  }
  const items: ScoringItem[] = itemRows.map(({ id, subcategory, age, intent, stage, directness, split, turns, versionId }) => ({
    id, subcategory, age, intent, stage, directness, split, turns,
    criteria: (criteriaOf.get(versionId) ?? []).map(({ id, dimension, weight }) => ({ id, dimension, weight })),
  }));

  // The big tables are read by plain index scans and filtered here: a json_each inside
  // their joins would be scanned once per row.
  const pinnedId = new Map(Object.entries(spec.rubricVersions));
  const wanted = spec.models ? new Set(spec.models) : null;
  const responseRows = c
    .prepare("SELECT id, item_id AS item, model, run, json_extract(assistant_turns, '$[#-1]') AS last FROM responses ORDER BY id")
    .all() as { id: string; item: string; model: string; run: number; last: string | null }[];
  const responses: ScoringResponse[] = [];
  const versionOfResponse = new Map<string, number>();
  for (const r of responseRows) {
    const version = pinnedId.get(r.item);
    if (version === undefined || (wanted && !wanted.has(r.model))) continue;
    responses.push({ id: r.id, item: r.item, model: r.model, run: r.run, empty: isEmptyTurn(r.last ?? undefined) });
    versionOfResponse.set(r.id, version);
  }

  // One row per judge and response, its units packed by SQLite (ids hold no tab or
  // newline): materialising 1.6 M rows one by one takes several times longer.
  const packed = c
    .prepare(`SELECT response_id, group_concat(criterion_id || char(9) || coalesce(verdict, '-') || char(9) || rubric_version_id, char(10))
      FROM judge_verdicts WHERE judge = ? GROUP BY response_id`)
    .raw();
  const verdicts: ScoringVerdict[] = [];
  for (const judge of panel) {
    for (const [response, units] of packed.all(judge) as [string, string][]) {
      const version = versionOfResponse.get(response);
      if (version === undefined) continue;
      const pinned = String(version);
      for (const unit of units.split("\n")) {
        const [criterion, verdict, on] = unit.split("\t");
        if (on === pinned) verdicts.push({ judge, response, criterion, verdict: verdict === "-" ? null : verdict === "1" });
      }
    }
  }

  const models = spec.models ? [...new Set(spec.models)].sort(byId) : [...new Set(responses.map((r) => r.model))].sort(byId);
  const descriptors = readDescriptors(db, { models: new Set(models), judges: new Set(panel) });
  const references = spec.references ? loadReferences(db, spec.references, panel, pinnedId) : undefined;

  return {
    run: { id: row.id, title: row.title, status: row.status, createdAt: row.createdAt, finishedAt: row.finishedAt },
    freezeId: spec.freezeId,
    panel,
    models,
    versions: Object.fromEntries(itemRows.map((i) => [i.id, i.version])),
    simulated: isSimulated(db, row.id, spec.freezeId),
    reference: references && spec.referenceFrom ? { from: spec.referenceFrom, filledItems: references.filled } : null,
    counterKeys: [
      `run:${row.id}`, "items", "descriptions", "judges", "target_models", "endpoints", "reference_responses",
      ...panel.flatMap((judge) => [...new Set(pinnedId.values())].map((version) => `v:${judge}:${version}`)),
      ...(spec.models ? models.map((m) => `r:${m}`) : [RESPONSES_OF_ANY_MODEL]),
    ],
    input: { items, responses, verdicts, families: familiesOf(descriptors), ...(references ? { references: references.input } : {}) },
  };
}

/** Stands for every `r:MODEL` counter: a grading of every model reads every model's responses. */
export const RESPONSES_OF_ANY_MODEL = "r:*";

/** The graded references of a grading and the panel's verdicts on their pinned rubric versions. */
function loadReferences(db: Db, ids: string[], panel: string[], pinnedId: ReadonlyMap<string, number>) {
  const c = db.$client;
  const rows = c
    .prepare(`SELECT r.id, r.item_id AS item, r.filled_from AS filledFrom, json_extract(r.assistant_turns, '$[#-1]') AS last FROM json_each(?) k JOIN reference_responses r ON r.id = k.value ORDER BY r.id`)
    .all(JSON.stringify(ids)) as { id: string; item: string; filledFrom: string | null; last: string | null }[];
  const itemOf = new Map(rows.map((r) => [r.id, r.item]));
  const verdicts = (c
    .prepare(`SELECT v.judge, v.reference_id AS response, v.criterion_id AS criterion, v.verdict, v.rubric_version_id AS version
      FROM json_each(?) k JOIN reference_verdicts v ON v.reference_id = k.value ORDER BY v.judge, v.reference_id, v.criterion_id`)
    .all(JSON.stringify(ids)) as { judge: string; response: string; criterion: string; verdict: number | null; version: number }[])
    .filter((v) => panel.includes(v.judge) && pinnedId.get(itemOf.get(v.response)!) === v.version)
    .map(({ judge, response, criterion, verdict }): ScoringVerdict => ({ judge, response, criterion, verdict: verdict === null ? null : verdict === 1 }));
  return {
    filled: rows.filter((r) => r.filledFrom !== null).length,
    input: { responses: rows.map((r) => ({ id: r.id, item: r.item, run: 1, empty: isEmptyTurn(r.last ?? undefined) })), verdicts },
  };
}

/** Whether the run's judge calls went to a simulated endpoint, or the frozen record says a panel judge ran on one. */
function isSimulated(db: Db, runId: number, freezeId: number): boolean {
  const called = db.$client
    .prepare("SELECT 1 FROM run_calls c JOIN endpoints e ON e.id = c.endpoint_id WHERE c.run_id = ? AND e.simulated = 1 LIMIT 1")
    .get(runId);
  if (called) return true;
  const frozen = db.$client.prepare("SELECT judge_settings AS settings FROM frozen_panels WHERE id = ?").get(freezeId) as { settings: string | null } | undefined;
  const settings = frozen?.settings ? (JSON.parse(frozen.settings) as Record<string, { simulated?: boolean } | null>) : {};
  return Object.values(settings).some((s) => s?.simulated === true);
}
