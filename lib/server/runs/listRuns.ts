import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import type { RunRequest } from "./schema";

export interface RunSummary {
  id: number;
  kind: RunRequest["kind"];
  title: string;
  status: "running" | "paused" | "cancelled" | "done";
  createdAt: number;
  finishedAt: number | null;
  total: number;
  settled: number;
  failed: number;
}

/** Every run, newest first, with how far it got. */
export async function listRuns({ ctx }: { ctx: Ctx }): Promise<RunSummary[]> {
  requireRole(ctx, "lead");
  return getDb()
    .$client.prepare(`SELECT r.id, r.kind, r.title, r.status, r.created_at AS createdAt, r.finished_at AS finishedAt,
        count(c.id) AS total, coalesce(sum(c.status IN ('done', 'missing')), 0) AS settled, coalesce(sum(c.status = 'failed'), 0) AS failed
      FROM runs r LEFT JOIN run_calls c ON c.run_id = r.id GROUP BY r.id ORDER BY r.id DESC`)
    .all() as RunSummary[];
}
