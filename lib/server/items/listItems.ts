import "server-only";
import { asc, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { items } from "@/db/schema";
import type { ItemRecord } from "@/lib/bundle/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

export type RubricStatus = "none" | "draft" | "published";

export interface ItemSummary extends Omit<ItemRecord, "kind" | "notes"> {
  notes: string | null;
  /** "published" once any version is published; "draft" when only drafts exist. */
  rubricStatus: RubricStatus;
  publishedVersion: number | null;
  hasDraft: boolean;
}

export async function listItems({ ctx }: { ctx: Ctx }): Promise<ItemSummary[]> {
  requireRole(ctx, "author", "lead");
  // Subqueries name the outer table literally: drizzle renders a column of a single-table
  // select without its table, which inside a subquery would bind to the inner table.
  const rows = getDb()
    .select({
      id: items.id,
      subcategory: items.subcategory,
      age: items.age,
      intent: items.intent,
      stage: items.stage,
      directness: items.directness,
      split: items.split,
      userTurns: items.userTurns,
      notes: items.notes,
      publishedVersion: sql<number | null>`(SELECT max(v.version) FROM rubric_versions v WHERE v.item_id = items.id AND v.status = 'published')`,
      drafts: sql<number>`(SELECT count(*) FROM rubric_versions v WHERE v.item_id = items.id AND v.status = 'draft')`,
    })
    .from(items)
    .orderBy(asc(items.id))
    .all();
  return rows.map(({ userTurns, drafts, ...r }) => ({
    ...r,
    user_turns: userTurns,
    rubricStatus: r.publishedVersion !== null ? "published" : drafts > 0 ? "draft" : "none",
    hasDraft: drafts > 0,
  }));
}
