import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

export interface GradingSummary {
  id: number;
  title: string;
  freezeId: number;
  finishedAt: number | null;
}

/** Every finished grade run, newest first. */
export async function listGradings({ ctx }: { ctx: Ctx }): Promise<GradingSummary[]> {
  requireRole(ctx, "lead", "author");
  return (
    getDb()
      .$client.prepare(`SELECT id, title, json_extract(spec, '$.freezeId') AS freezeId, finished_at AS finishedAt FROM runs WHERE kind = 'grade' AND status = 'done' ORDER BY finished_at DESC, id DESC`)
      .all() as GradingSummary[]
  );
}
