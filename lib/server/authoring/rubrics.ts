import "server-only";
import { and, asc, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { rubricCriteria, rubricVersions, users } from "@/db/schema";
import type { Criterion } from "@/lib/bundle/schema";
import type { Provenance } from "@/lib/rubric/revisionStats";
import type { VersionMeta } from "./versionMeta";

/** A criterion as stored in a version: its wording plus where it came from. */
export interface StoredCriterion extends Criterion {
  provenance: Provenance;
  /** For a model-drafted criterion: still exactly as drafted. Null when written by a person. */
  keptAsDrafted: boolean | null;
}

/** One rubric version (published or a draft) with its criteria in order. */
export interface RubricVersionView extends VersionMeta {
  criteria: StoredCriterion[];
}

type Reader = Db | Tx;

const columns = {
  rowId: rubricVersions.id,
  version: rubricVersions.version,
  status: rubricVersions.status,
  author: rubricVersions.author,
  authorName: users.name,
  changeNote: rubricVersions.changeNote,
  baseVersion: rubricVersions.baseVersion,
  createdAt: rubricVersions.createdAt,
  publishedAt: rubricVersions.publishedAt,
};

export function criteriaOf(db: Reader, rowId: number): StoredCriterion[] {
  return db
    .select()
    .from(rubricCriteria)
    .where(eq(rubricCriteria.rubricVersionId, rowId))
    .orderBy(asc(rubricCriteria.position))
    .all()
    .map((c) => ({ id: c.criterionId, dimension: c.dimension, weight: c.weight, text: c.text, provenance: c.provenance, keptAsDrafted: c.keptAsDrafted }));
}

interface VersionRow extends Omit<RubricVersionView, "authorName" | "createdAt" | "publishedAt" | "criteria"> {
  authorName: string | null;
  createdAt: Date;
  publishedAt: Date | null;
}

function view(db: Reader, row: VersionRow | undefined): RubricVersionView | null {
  if (!row) return null;
  return {
    ...row,
    // Actors such as "system" or "cli" are not users: show the id itself.
    authorName: row.authorName ?? row.author,
    createdAt: row.createdAt.getTime(),
    publishedAt: row.publishedAt?.getTime() ?? null,
    criteria: criteriaOf(db, row.rowId),
  };
}

function selectVersions(db: Reader, where: SQL | undefined): VersionRow[] {
  return db
    .select(columns)
    .from(rubricVersions)
    .leftJoin(users, eq(users.id, rubricVersions.author))
    .where(where)
    .orderBy(desc(rubricVersions.version), asc(rubricVersions.id))
    .all();
}

const published = (itemId: string) => and(eq(rubricVersions.itemId, itemId), eq(rubricVersions.status, "published"));

export function latestPublishedRubric(db: Reader, itemId: string): RubricVersionView | null {
  return view(db, selectVersions(db, published(itemId))[0]);
}

export function publishedRubric(db: Reader, itemId: string, version: number): RubricVersionView | null {
  return view(db, selectVersions(db, and(published(itemId), eq(rubricVersions.version, version)))[0]);
}

/** The author's own working copy of the item's rubric, if they have one. */
export function rubricDraftOf(db: Reader, itemId: string, author: string): RubricVersionView | null {
  const where = and(eq(rubricVersions.itemId, itemId), eq(rubricVersions.status, "draft"), eq(rubricVersions.author, author));
  return view(db, selectVersions(db, where)[0]);
}

/** Who else has a draft of this rubric in progress. */
export function otherRubricDrafts(db: Reader, itemId: string, author: string): { author: string; authorName: string; baseVersion: number | null }[] {
  const where = and(eq(rubricVersions.itemId, itemId), eq(rubricVersions.status, "draft"), ne(rubricVersions.author, author));
  return selectVersions(db, where).map((r) => ({ author: r.author, authorName: r.authorName ?? r.author, baseVersion: r.baseVersion }));
}
