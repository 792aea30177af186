import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

export interface Described {
  id: string;
  family: string | null;
  /** The model's responses, or the judge's verdicts, in the database. */
  count: number;
}

/**
 * The models (kind `model`) or judges (`judge`) that responses or verdicts name, or an
 * imported `model` / `judge` line describes, but that are not Concord's own target models
 * or judges: their families, for the same-family check, live in `descriptions`. Leads.
 */
export async function listDescribed({ ctx, input }: { ctx: Ctx; input: { kind: "model" | "judge" } }): Promise<Described[]> {
  requireRole(ctx, "lead");
  const [named, own] =
    input.kind === "model"
      ? ["SELECT model AS id, count(*) AS n FROM responses GROUP BY model", "target_models"]
      : ["SELECT judge AS id, count(*) AS n FROM judge_verdicts GROUP BY judge", "judges"];
  return getDb().$client
    .prepare(`WITH named AS (${named}), ids AS (SELECT id FROM named UNION SELECT id FROM descriptions WHERE kind = ?)
      SELECT ids.id, d.family, coalesce(named.n, 0) AS count FROM ids LEFT JOIN named ON named.id = ids.id
      LEFT JOIN descriptions d ON d.kind = ? AND d.id = ids.id WHERE ids.id NOT IN (SELECT id FROM ${own}) ORDER BY ids.id`)
    .all(input.kind, input.kind) as Described[];
}
