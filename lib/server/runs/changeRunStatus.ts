import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict, NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { RunAction } from "./schema";

type Status = "running" | "paused" | "cancelled" | "done";

/**
 * Pause (calls in flight finish and are stored; nothing new starts), resume (failed
 * calls are asked again too) or cancel (calls not yet made are dropped; every result
 * stored so far stays).
 */
export async function changeRunStatus({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ status: Status }> {
  const lead = requireRole(ctx, "lead");
  const { runId, action } = RunAction.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const c = db.$client;
      const run = c.prepare("SELECT status FROM runs WHERE id = ?").get(runId) as { status: Status } | undefined;
      if (!run) throw new NotFound(`There is no run ${runId}.`);
      const now = Date.now();
      let status: Status;
      if (action === "pause") {
        if (run.status !== "running") throw new Conflict(`This run is ${run.status}; only a running run can be paused.`);
        status = "paused";
      } else if (action === "resume") {
        if (run.status === "cancelled") throw new Conflict("This run was cancelled; start a new run instead (stored results are kept and not asked again).");
        const retried = c.prepare("UPDATE run_calls SET status = 'pending', updated_at = ? WHERE run_id = ? AND status = 'failed'").run(now, runId).changes;
        if (run.status === "running" && retried === 0) throw new Conflict("This run is already running.");
        if (run.status === "done" && retried === 0) throw new Conflict("This run is done and has no failed calls to ask again.");
        status = "running";
      } else {
        if (run.status === "cancelled" || run.status === "done") throw new Conflict(`This run is already ${run.status}.`);
        c.prepare("UPDATE run_calls SET status = 'cancelled', updated_at = ? WHERE run_id = ? AND status = 'pending'").run(now, runId);
        status = "cancelled";
      }
      c.prepare("UPDATE runs SET status = ?, status_note = NULL, finished_at = ? WHERE id = ?").run(status, status === "cancelled" ? now : null, runId);
      audit(tx, { actor: lead.id, action: `run.${action}`, entity: "run", entityId: runId, detail: { old: run.status, new: status } });
      return { status };
    },
    { behavior: "immediate" },
  );
}
