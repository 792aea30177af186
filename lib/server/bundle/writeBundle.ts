import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { criteria, items, referenceVersions, responses, rubricCriteria, rubricVersions, userRoles, users } from "@/db/schema";
import type { Bundle } from "@/lib/bundle/schema";
import { recordKey, type BundleIndex } from "./keys";
import type { LabelPlacement } from "./setRules";

export type ImportCounts = { [K in keyof Bundle]: { added: number; unchanged: number } };

export interface WrittenBundle {
  counts: ImportCounts;
  /** Raters seen for the first time: stored as people without a login, keeping their id. */
  ratersAdded: number;
}

export interface ImportResult extends WrittenBundle {
  /** How many times a rater joined a calibration set's clinicians because the bundle labels its units. */
  setCliniciansAdded: number;
  /** Calibration sets created from the bundle's `set` lines. */
  setsAdded: number;
}

// Well under SQLite's limit of 32,766 bound parameters per statement.
const CHUNK = 500;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * The rubric version a verdict line is taken to be on: the newest published version
 * holding its criterion (a bundle's units are about the current rubric).
 */
function judgedVersions(tx: Tx, criterionIds: string[]): Map<string, number> {
  const versions = new Map<string, number>();
  for (const ids of chunks(criterionIds)) {
    const rows = tx
      .select({ criterion: rubricCriteria.criterionId, id: rubricVersions.id })
      .from(rubricCriteria)
      .innerJoin(rubricVersions, eq(rubricVersions.id, rubricCriteria.rubricVersionId))
      .where(and(inArray(rubricCriteria.criterionId, ids), eq(rubricVersions.status, "published")))
      .orderBy(asc(rubricVersions.version))
      .all();
    for (const row of rows) versions.set(row.criterion, row.id);
  }
  return versions;
}

export interface WriteOptions {
  /** Criterion ids first written by a model (bundles carry no provenance; the demo seed knows). */
  modelDrafted?: ReadonlySet<string>;
  /** Criterion → the rubric version its verdicts are on (a set's upload: its pinned versions); else the newest published one. */
  verdictVersions?: ReadonlyMap<string, number>;
}

/**
 * Writes a validated bundle that has no conflicts with `stored`, inside the caller's
 * transaction. Records already stored (identical, by then) are skipped, so writing
 * the same bundle twice changes nothing. Rubric and reference versions arrive published.
 * `labels`: the label lines' counts (setRules decides where each lands; writeLabels
 * writes them once their sets exist); `raters` also holds the clinicians of `set` lines.
 */
export function writeBundle(tx: Tx, bundle: Bundle, stored: BundleIndex, labels: { raters: string[]; unchanged: number }, actor: string, options: WriteOptions = {}, now = new Date()): WrittenBundle {
  const fresh = <K extends keyof Bundle>(kind: K) => (bundle[kind] as Bundle[K][number][]).filter((r) => !stored[kind].has(recordKey(r)));
  const added = {
    items: fresh("items"), rubrics: fresh("rubrics"), references: fresh("references"),
    responses: fresh("responses"), verdicts: fresh("verdicts"),
  };

  for (const rows of chunks(added.items)) {
    tx.insert(items).values(rows.map((r) => ({
      id: r.id, subcategory: r.subcategory, age: r.age, intent: r.intent, stage: r.stage, directness: r.directness,
      split: r.split, userTurns: r.user_turns, notes: r.notes ?? null, createdAt: now, updatedAt: now,
    }))).run();
  }

  const owners = new Map<string, string>();
  for (const rubric of added.rubrics) for (const c of rubric.criteria) owners.set(c.id, rubric.item);
  const knownCriteria = new Set<string>();
  for (const ids of chunks([...owners.keys()])) {
    for (const row of tx.select({ id: criteria.id }).from(criteria).where(inArray(criteria.id, ids)).all()) knownCriteria.add(row.id);
  }
  const newCriteria = [...owners].filter(([id]) => !knownCriteria.has(id)).map(([id, itemId]) => ({ id, itemId }));
  for (const rows of chunks(newCriteria)) tx.insert(criteria).values(rows).run();

  // Criteria cannot be added to a published version (a trigger refuses), so each
  // version is written as a draft and then published.
  for (const rubric of added.rubrics) {
    const { id } = tx.insert(rubricVersions)
      .values({ itemId: rubric.item, version: rubric.version, status: "draft", author: actor, changeNote: "Imported from a bundle", createdAt: now })
      .returning({ id: rubricVersions.id })
      .get();
    tx.insert(rubricCriteria).values(rubric.criteria.map((c, position) => ({
      rubricVersionId: id, criterionId: c.id, position, dimension: c.dimension, weight: c.weight, text: c.text,
      provenance: options.modelDrafted?.has(c.id) ? ("model" as const) : ("person" as const),
    }))).run();
    tx.update(rubricVersions).set({ status: "published", publishedAt: now }).where(eq(rubricVersions.id, id)).run();
  }

  for (const rows of chunks(added.references)) {
    tx.insert(referenceVersions).values(rows.map((r) => ({
      itemId: r.item, version: r.version, status: "published" as const, author: actor, changeNote: "Imported from a bundle",
      text: r.text, rubricVersion: r.rubric_version ?? null, createdAt: now, publishedAt: now,
    }))).run();
  }

  for (const rows of chunks(added.responses)) {
    tx.insert(responses).values(rows.map((r) => ({
      id: r.id, itemId: r.item, model: r.model, run: r.run ?? 1, assistantTurns: r.assistant_turns, createdAt: now,
    }))).run();
  }

  const raters = [...new Set(labels.raters)];
  const existingRaters = new Set<string>();
  for (const ids of chunks(raters)) {
    for (const row of tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).all()) existingRaters.add(row.id);
  }
  const newRaters = raters.filter((id) => !existingRaters.has(id));
  for (const ids of chunks(newRaters)) {
    tx.insert(users).values(ids.map((id) => ({ id, email: null, name: id, passwordHash: null, active: true, createdAt: now }))).run();
    tx.insert(userRoles).values(ids.map((userId) => ({ userId, role: "clinician" as const }))).run();
  }

  // Labels and verdicts are nearly every row of a large bundle: one prepared statement
  // each, on the process's connection (the caller's transaction is open on it), is
  // several times faster than building multi-row INSERTs, and keeps the write short.
  const client = getDb().$client;
  if (!client.inTransaction) throw new Error("writeBundle runs inside a transaction on the process's database");
  const bit = (verdict: boolean | null) => (verdict === null ? null : verdict ? 1 : 0);
  const at = now.getTime();
  const versionOf = new Map([...judgedVersions(tx, [...new Set(added.verdicts.map((v) => v.criterion))]), ...(options.verdictVersions ?? [])]);
  // A verdict line that names its rubric version is on that version of its response's item.
  const namedVersion = new Map<string, number>();
  if (added.verdicts.some((v) => v.rubric_version !== undefined)) {
    const rows = tx.all<{ key: string; id: number }>(sql`
      SELECT r.id || '|' || rv.version AS key, rv.id AS id FROM responses r JOIN rubric_versions rv ON rv.item_id = r.item_id AND rv.status = 'published'`);
    for (const row of rows) namedVersion.set(row.key, row.id);
  }
  const verdict = client.prepare("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rationale, rubric_version_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const r of added.verdicts) {
    const version = r.rubric_version === undefined ? versionOf.get(r.criterion) : namedVersion.get(`${r.response}|${r.rubric_version}`);
    verdict.run(r.judge, r.response, r.criterion, bit(r.verdict), r.rationale ?? null, version!, at);
  }

  const counts = Object.fromEntries(
    (Object.keys(added) as (keyof typeof added)[]).map((kind) => [kind, { added: added[kind].length, unchanged: bundle[kind].length - added[kind].length }]),
  ) as Omit<ImportCounts, "labels">;
  return { counts: { ...counts, labels: { added: bundle.labels.length - labels.unchanged, unchanged: labels.unchanged } }, ratersAdded: newRaters.length };
}

/** Writes the new labels where setRules placed them, `setIds` giving the id of each set a `set` line created. */
export function writeLabels(placements: readonly LabelPlacement[], setIds: ReadonlyMap<string, number>, now = new Date()): void {
  const client = getDb().$client;
  if (!client.inTransaction) throw new Error("writeLabels runs inside a transaction on the process's database");
  const at = now.getTime();
  const label = client.prepare("INSERT INTO labels (set_id, rater_id, response_id, criterion_id, verdict, rationale, given_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const { record: r, set } of placements) {
    label.run(typeof set === "string" ? setIds.get(set)! : set, r.rater, r.response, r.criterion, r.verdict ? 1 : 0, r.rationale ?? null, at, at, at);
  }
}
