import "server-only";
import { asc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { items, judgeVerdicts, labels, referenceVersions, responses, rubricCriteria, rubricVersions } from "@/db/schema";
import type { Bundle, RubricRecord, VerdictRecord, WithSets } from "@/lib/bundle/schema";
import { canonicalItem, canonicalLabel, canonicalReference, canonicalResponse, canonicalRubric, canonicalVerdict } from "./canonical";

/**
 * A bundle has one verdict per judge and unit: where a judge judged a unit on several
 * rubric versions (a later run on a new wording), the one on the newest version.
 */
function newestPerUnit<T extends { judge: string; responseId: string; criterionId: string; rubricVersionId: number }>(rows: T[], versionOf: ReadonlyMap<number, number>): T[] {
  const kept = new Map<string, T>();
  for (const row of rows) {
    const key = `${row.judge}\u0000${row.responseId}\u0000${row.criterionId}`;
    const seen = kept.get(key);
    if (!seen || (versionOf.get(row.rubricVersionId) ?? 0) > (versionOf.get(seen.rubricVersionId) ?? 0)) kept.set(key, row);
  }
  return rows.filter((row) => kept.get(`${row.judge}\u0000${row.responseId}\u0000${row.criterionId}`) === row);
}

/**
 * The responses a bundle names: its response lines, its labels' and verdicts' units and
 * its set lines' responses. An import compares the bundle only with what is stored about
 * these (and with every item and published rubric and reference, which are few), so its
 * memory grows with the bundle, not with the database.
 */
export function responsesNamed(bundle: WithSets): ReadonlySet<string> {
  const named = new Set<string>();
  for (const r of bundle.responses) named.add(r.id);
  for (const r of bundle.labels) named.add(r.response);
  for (const r of bundle.verdicts) named.add(r.response);
  for (const s of bundle.sets ?? []) for (const id of s.responses) named.add(id);
  return named;
}

/** `column IN scope`, with the ids bound as one JSON array (a bundle may name more responses than SQLite binds parameters); no condition without a scope. */
export function inScope(column: AnyColumn | SQL, scope: ReadonlySet<string>): SQL;
export function inScope(column: AnyColumn | SQL, scope: ReadonlySet<string> | undefined): SQL | undefined;
export function inScope(column: AnyColumn | SQL, scope: ReadonlySet<string> | undefined): SQL | undefined {
  return scope === undefined ? undefined : sql`${column} IN (SELECT value FROM json_each(${JSON.stringify([...scope])}))`;
}

/**
 * Everything stored that a bundle can carry — items, published rubric and reference
 * versions, responses, labels (one per rater and unit), verdicts (one per judge and unit) — as canonical records in a deterministic
 * order (by id, then version, then unit and rater/judge). Drafts are not included.
 * With `scope` (response ids), only those responses and the labels and verdicts on them.
 */
export function readStoredBundle(db: Db | Tx, scope?: ReadonlySet<string>): Bundle {
  const itemRows = db.select().from(items).orderBy(asc(items.id)).all();

  const versionRows = db
    .select()
    .from(rubricVersions)
    .where(eq(rubricVersions.status, "published"))
    .orderBy(asc(rubricVersions.itemId), asc(rubricVersions.version))
    .all();
  const criterionRows = db
    .select()
    .from(rubricCriteria)
    .innerJoin(rubricVersions, eq(rubricVersions.id, rubricCriteria.rubricVersionId))
    .where(eq(rubricVersions.status, "published"))
    .orderBy(asc(rubricCriteria.rubricVersionId), asc(rubricCriteria.position))
    .all();
  const criteriaOf = new Map<number, RubricRecord["criteria"]>();
  for (const { rubric_criteria: c } of criterionRows) {
    const list = criteriaOf.get(c.rubricVersionId) ?? [];
    list.push({ id: c.criterionId, dimension: c.dimension, weight: c.weight, text: c.text });
    criteriaOf.set(c.rubricVersionId, list);
  }

  const referenceRows = db
    .select()
    .from(referenceVersions)
    .where(eq(referenceVersions.status, "published"))
    .orderBy(asc(referenceVersions.itemId), asc(referenceVersions.version))
    .all();
  const responseRows = db.select().from(responses).where(inScope(responses.id, scope)).orderBy(asc(responses.id)).all();
  // One label per rater and unit (a bundle's label names no set): the set-less one, else the one of the lowest-numbered set.
  const labelRows = db.select().from(labels).where(inScope(labels.responseId, scope)).orderBy(asc(labels.responseId), asc(labels.criterionId), asc(labels.raterId), asc(labels.setId)).all()
    .filter((r, i, rows) => i === 0 || rows[i - 1].responseId !== r.responseId || rows[i - 1].criterionId !== r.criterionId || rows[i - 1].raterId !== r.raterId);
  const verdictRows = db
    .select()
    .from(judgeVerdicts)
    .where(inScope(judgeVerdicts.responseId, scope))
    .orderBy(asc(judgeVerdicts.responseId), asc(judgeVerdicts.criterionId), asc(judgeVerdicts.judge))
    .all();

  return {
    items: itemRows.map((r) =>
      canonicalItem({ kind: "item", id: r.id, subcategory: r.subcategory, age: r.age, intent: r.intent, stage: r.stage, directness: r.directness, split: r.split, user_turns: r.userTurns, notes: r.notes ?? undefined }),
    ),
    rubrics: versionRows.map((r) => canonicalRubric({ kind: "rubric", item: r.itemId, version: r.version, criteria: criteriaOf.get(r.id) ?? [] })),
    references: referenceRows.map((r) =>
      canonicalReference({ kind: "reference", item: r.itemId, version: r.version, text: r.text, rubric_version: r.rubricVersion ?? undefined }),
    ),
    responses: responseRows.map((r) => canonicalResponse({ kind: "response", id: r.id, item: r.itemId, model: r.model, run: r.run, assistant_turns: r.assistantTurns })),
    labels: labelRows.map((r) =>
      canonicalLabel({ kind: "label", rater: r.raterId, response: r.responseId, criterion: r.criterionId, verdict: r.verdict, rationale: r.rationale ?? undefined }),
    ),
    verdicts: newestPerUnit(verdictRows, new Map(versionRows.map((v) => [v.id, v.version]))).map((r) =>
      canonicalVerdict({ kind: "verdict", judge: r.judge, response: r.responseId, criterion: r.criterionId, verdict: r.verdict, rationale: r.rationale ?? undefined }),
    ),
  };
}

/** Every stored verdict (on the responses of `scope`, when given) as a line naming its rubric version, for comparing a bundle's verdict lines that name theirs. */
export function readStoredVerdictsByVersion(db: Db | Tx, scope?: ReadonlySet<string>): VerdictRecord[] {
  return db
    .select({ judge: judgeVerdicts.judge, response: judgeVerdicts.responseId, criterion: judgeVerdicts.criterionId, verdict: judgeVerdicts.verdict, rationale: judgeVerdicts.rationale, version: rubricVersions.version })
    .from(judgeVerdicts)
    .innerJoin(rubricVersions, eq(rubricVersions.id, judgeVerdicts.rubricVersionId))
    .where(inScope(judgeVerdicts.responseId, scope))
    .all()
    .map((r) => canonicalVerdict({ kind: "verdict", judge: r.judge, response: r.response, criterion: r.criterion, verdict: r.verdict, rationale: r.rationale ?? undefined, rubric_version: r.version }));
}
