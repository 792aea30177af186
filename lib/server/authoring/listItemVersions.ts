import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rubricVersions, users } from "@/db/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { publishedReferences } from "./references";
import { ItemIdInput } from "./schema";

export interface VersionSummary {
  version: number;
  authorName: string;
  publishedAt: number | null;
  changeNote: string | null;
}

export interface ItemVersions {
  rubric: (VersionSummary & { criteria: number })[];
  reference: (VersionSummary & { rubricVersion: number | null })[];
}

/** The published history of an item's rubric and reference, newest first. */
export async function listItemVersions({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ItemVersions> {
  requireRole(ctx, "author", "lead");
  const { itemId } = ItemIdInput.parse(input);
  const db = getDb();
  requireItem(db, itemId);
  const rubric = db
    .select({
      version: rubricVersions.version,
      author: rubricVersions.author,
      authorName: users.name,
      publishedAt: rubricVersions.publishedAt,
      changeNote: rubricVersions.changeNote,
      criteria: sql<number>`(SELECT count(*) FROM rubric_criteria c WHERE c.rubric_version_id = ${rubricVersions.id})`,
    })
    .from(rubricVersions)
    .leftJoin(users, eq(users.id, rubricVersions.author))
    .where(and(eq(rubricVersions.itemId, itemId), eq(rubricVersions.status, "published")))
    .orderBy(desc(rubricVersions.version))
    .all();
  return {
    rubric: rubric.map(({ author, ...r }) => ({ ...r, authorName: r.authorName ?? author, publishedAt: r.publishedAt?.getTime() ?? null })),
    reference: publishedReferences(db, itemId).map((r) => ({
      version: r.version, authorName: r.authorName, publishedAt: r.publishedAt, changeNote: r.changeNote, rubricVersion: r.rubricVersion,
    })),
  };
}
