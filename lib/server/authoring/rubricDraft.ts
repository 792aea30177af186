import "server-only";
import { and, desc, eq, inArray, max } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { criteria, rubricCriteria, rubricVersions } from "@/db/schema";
import { criterionChanges } from "@/lib/rubric/diff";
import { Invalid } from "@/lib/server/errors";
import { newCriterionIds } from "./criterionIds";
import type { StoredCriterion } from "./rubrics";
import type { DraftCriterion } from "./schema";

/** The highest published version number of the item's rubric, or null. */
export function latestRubricVersionNumber(tx: Tx, itemId: string): number | null {
  const row = tx
    .select({ version: max(rubricVersions.version) })
    .from(rubricVersions)
    .where(and(eq(rubricVersions.itemId, itemId), eq(rubricVersions.status, "published")))
    .get();
  return row?.version ?? null;
}

/** A draft can only start from a version that exists. */
export function checkRubricBase(tx: Tx, itemId: string, baseVersion: number | null): void {
  if (baseVersion === null) return;
  const found = tx
    .select({ id: rubricVersions.id })
    .from(rubricVersions)
    .where(and(eq(rubricVersions.itemId, itemId), eq(rubricVersions.status, "published"), eq(rubricVersions.version, baseVersion)))
    .get();
  if (!found) throw new Invalid(`The rubric of this item has no published version ${baseVersion} to start from.`);
}

/**
 * Gives every criterion of an autosave its identity and provenance. A criterion keeps
 * the provenance it had in the author's previous save or, failing that, its latest
 * published version; a model-drafted one stays "kept as drafted" only while its
 * wording, weight and dimension are untouched (once changed, always revised).
 * Criteria without an id are new and written by a person.
 */
export function resolveDraftCriteria(tx: Tx, itemId: string, previous: StoredCriterion[], incoming: DraftCriterion[]): StoredCriterion[] {
  const before = new Map(previous.map((c) => [c.id, c]));
  const named = incoming.flatMap((c) => (c.id && !before.has(c.id) ? [c.id] : []));
  if (named.length > 0) {
    const owned = new Set(
      tx.select({ id: criteria.id }).from(criteria).where(and(eq(criteria.itemId, itemId), inArray(criteria.id, named))).all().map((c) => c.id),
    );
    const foreign = incoming.flatMap((c, i) => (c.id && named.includes(c.id) && !owned.has(c.id) ? [`criterion ${i + 1}: "${c.id}" is not a criterion of this item`] : []));
    if (foreign.length > 0) throw new Invalid("The draft was not saved.", foreign);
    const publishedRows = tx
      .select()
      .from(rubricCriteria)
      .innerJoin(rubricVersions, eq(rubricVersions.id, rubricCriteria.rubricVersionId))
      .where(and(eq(rubricVersions.status, "published"), inArray(rubricCriteria.criterionId, named)))
      .orderBy(desc(rubricVersions.version))
      .all();
    for (const { rubric_criteria: c } of publishedRows) {
      if (!before.has(c.criterionId)) {
        before.set(c.criterionId, { id: c.criterionId, dimension: c.dimension, weight: c.weight, text: c.text, provenance: c.provenance, keptAsDrafted: c.keptAsDrafted });
      }
    }
  }
  const fresh = newCriterionIds(tx, itemId, incoming.filter((c) => c.id === null).length);
  return incoming.map((c) => {
    const { dimension, weight, text } = c;
    const id = c.id ?? fresh.shift() ?? "";
    const prior = before.get(id);
    if (!prior || prior.provenance === "person") return { id, dimension, weight, text, provenance: "person", keptAsDrafted: null };
    const changes = criterionChanges(prior, { id, dimension, weight, text });
    const untouched = !changes.reworded && !changes.reweighted && !changes.dimensionChanged;
    return { id, dimension, weight, text, provenance: "model", keptAsDrafted: prior.keptAsDrafted === true && untouched };
  });
}

/** Creates or replaces the author's draft of the item's rubric; returns its row id. */
export function writeRubricDraft(
  tx: Tx,
  draft: { itemId: string; author: string; baseVersion: number | null; criteria: StoredCriterion[]; existingRowId: number | null },
  now = new Date(),
): number {
  const version = (latestRubricVersionNumber(tx, draft.itemId) ?? 0) + 1;
  let rowId = draft.existingRowId;
  if (rowId === null) {
    rowId = tx
      .insert(rubricVersions)
      .values({ itemId: draft.itemId, version, status: "draft", author: draft.author, baseVersion: draft.baseVersion, createdAt: now })
      .returning({ id: rubricVersions.id })
      .get().id;
  } else {
    tx.update(rubricVersions).set({ version, baseVersion: draft.baseVersion }).where(eq(rubricVersions.id, rowId)).run();
    tx.delete(rubricCriteria).where(eq(rubricCriteria.rubricVersionId, rowId)).run();
  }
  const versionId = rowId;
  if (draft.criteria.length > 0) {
    tx.insert(rubricCriteria)
      .values(draft.criteria.map((c, position) => ({
        rubricVersionId: versionId, criterionId: c.id, position, dimension: c.dimension, weight: c.weight, text: c.text,
        provenance: c.provenance, keptAsDrafted: c.keptAsDrafted,
      })))
      .run();
  }
  return versionId;
}
