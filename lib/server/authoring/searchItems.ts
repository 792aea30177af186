import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { ItemRecord } from "@/lib/bundle/schema";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { PAGE_SIZE, SearchItemsInput, type AuthoringStatus } from "./schema";
import { inTaxonomyOrder } from "@/lib/taxonomy";

export interface ItemListing extends Pick<ItemRecord, "id" | "subcategory" | "age" | "intent" | "stage" | "directness" | "split"> {
  turns: number;
  /** The first user turn, to recognise the item by. */
  opening: string;
  publishedVersion: number | null;
  drafts: number;
  /** The rubric version pinned by the most recent calibration set holding the item. */
  pinnedVersion: number | null;
}

export interface ItemSearch {
  items: ItemListing[];
  total: number;
  page: number;
  pages: number;
  /** The values present in the corpus, for the filter menus. */
  facets: { subcategories: string[]; stages: string[]; turns: number[] };
}

// Per item: its latest published rubric version, its open drafts and the version the
// latest calibration set holding it pinned ("changed" = published past that pin).
const STATUS_COLUMNS = sql`
  (SELECT max(v.version) FROM rubric_versions v WHERE v.item_id = i.id AND v.status = 'published') AS published_version,
  (SELECT count(*) FROM rubric_versions v WHERE v.item_id = i.id AND v.status = 'draft') AS drafts,
  (SELECT pv.version FROM calibration_set_items si
     JOIN calibration_sets cs ON cs.id = si.set_id
     JOIN rubric_versions pv ON pv.id = si.rubric_version_id
   WHERE si.item_id = i.id ORDER BY cs.created_at DESC, cs.id DESC LIMIT 1) AS pinned_version`;

const STATUS_WHERE: Record<AuthoringStatus, SQL> = {
  none: sql`s.published_version IS NULL AND s.drafts = 0`,
  draft: sql`s.drafts > 0`,
  published: sql`s.published_version IS NOT NULL`,
  changed: sql`s.pinned_version IS NOT NULL AND s.published_version > s.pinned_version`,
};

/** `%term%` for LIKE, with the wildcard characters of the term itself escaped. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The item browser: filters on metadata and authoring status, and a text search in
 * which every word must appear in a user turn, the clinical notes or the item id.
 * One page of PAGE_SIZE items, ordered by id.
 */
export async function searchItems({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ItemSearch> {
  requireRole(ctx, "author", "lead");
  const filters = SearchItemsInput.parse(input);
  const where: SQL[] = [];
  for (const key of ["subcategory", "age", "intent", "stage", "directness", "split"] as const) {
    const value = filters[key];
    if (value) where.push(sql`s.${sql.identifier(key)} = ${value}`);
  }
  if (filters.turns) where.push(sql`s.turns = ${filters.turns}`);
  if (filters.status) where.push(STATUS_WHERE[filters.status]);
  for (const term of (filters.q ?? "").split(/\s+/).filter(Boolean)) {
    const like = likeTerm(term);
    where.push(sql`(s.id LIKE ${like} ESCAPE '\\' OR coalesce(s.notes, '') LIKE ${like} ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM json_each(s.user_turns) t WHERE t.value LIKE ${like} ESCAPE '\\'))`);
  }
  const condition = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const offset = (filters.page - 1) * PAGE_SIZE;
  const db = getDb();
  const rows = db.all<{
    id: string; subcategory: string; age: "U18" | "O18"; intent: "borderline" | "explicit"; stage: string;
    directness: "implicit" | "explicit"; split: "public" | "private"; turns: number; opening: string;
    published_version: number | null; drafts: number; pinned_version: number | null; total: number;
  }>(sql`
    WITH s AS (
      SELECT i.id, i.subcategory, i.age, i.intent, i.stage, i.directness, i.split, i.user_turns, i.notes,
        json_array_length(i.user_turns) AS turns, ${STATUS_COLUMNS}
      FROM items i
    )
    SELECT s.id, s.subcategory, s.age, s.intent, s.stage, s.directness, s.split, s.turns,
      json_extract(s.user_turns, '$[0]') AS opening, s.published_version, s.drafts, s.pinned_version,
      count(*) OVER () AS total
    FROM s ${condition}
    ORDER BY s.id
    LIMIT ${PAGE_SIZE} OFFSET ${offset}`);
  const facets = db.all<{ kind: string; value: string | number }>(sql`
    SELECT DISTINCT 'subcategory' AS kind, subcategory AS value FROM items
    UNION ALL SELECT DISTINCT 'stage', stage FROM items
    UNION ALL SELECT DISTINCT 'turns', json_array_length(user_turns) FROM items`);
  const values = (kind: string) => facets.filter((f) => f.kind === kind).map((f) => f.value);
  // A page past the end (filters narrowed while on page 3) still reports the true total.
  const total = rows[0]?.total ?? (offset > 0 ? countOnly(condition) : 0);
  return {
    items: rows.map((r) => ({
      id: r.id, subcategory: r.subcategory, age: r.age, intent: r.intent, stage: r.stage, directness: r.directness, split: r.split,
      turns: r.turns, opening: r.opening, publishedVersion: r.published_version, drafts: r.drafts, pinnedVersion: r.pinned_version,
    })),
    total,
    page: filters.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    facets: {
      subcategories: inTaxonomyOrder("subcategory", values("subcategory") as string[]),
      stages: inTaxonomyOrder("stage", values("stage") as string[]),
      turns: (values("turns") as number[]).sort((a, b) => a - b),
    },
  };
}

function countOnly(condition: SQL): number {
  const [row] = getDb().all<{ n: number }>(sql`
    WITH s AS (SELECT i.*, json_array_length(i.user_turns) AS turns, ${STATUS_COLUMNS} FROM items i)
    SELECT count(*) AS n FROM s ${condition}`);
  return row?.n ?? 0;
}
