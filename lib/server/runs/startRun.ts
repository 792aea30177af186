import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { planRun } from "./planRun";
import { RunRequest } from "./schema";

/**
 * Starts a run: every call it needs is written to the queue in one transaction, so a
 * run exists whole or not at all. Calls whose result is already stored are not
 * planned. The worker (`npm start`'s, or `concord run`'s) picks them up.
 */
export async function startRun({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ runId: number; calls: number }> {
  const lead = requireRole(ctx, "lead");
  const request = RunRequest.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const plan = planRun(db, request);
      if (plan.calls.length === 0) throw new Invalid(`Nothing to do: all ${plan.estimate.skipped} ${request.kind === "flow_judge" ? "conversations of this run are already judged by these judges" : request.kind === "simulate" ? "conversations of this run are already simulated" : "calls of this run already have a stored result"}.`);
      const now = Date.now();
      const c = db.$client;
      const { id: runId } = c
        .prepare("INSERT INTO runs (kind, title, status, spec, estimate, created_by, created_at) VALUES (?, ?, 'running', ?, ?, ?, ?) RETURNING id")
        .get(request.kind, plan.title, JSON.stringify(plan.spec), JSON.stringify(plan.estimate), lead.id, now) as { id: number };
      const reference = c.prepare(`INSERT INTO reference_responses (id, item_id, reference_version_id, filled_from, assistant_turns, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`);
      for (const r of plan.references) reference.run(r.id, r.itemId, r.referenceVersionId, r.filledFrom, JSON.stringify(r.assistantTurns), now);
      const insert = c.prepare(`INSERT INTO run_calls (run_id, kind, actor, endpoint_id, key, response_id, reference_id, criterion_id, rubric_version_id, item_id, run_number, conversation_id, question_id, persona, partner, turn, model, template_hash, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const call of plan.calls) {
        insert.run(runId, call.kind, call.actor, call.endpointId, call.key, call.responseId ?? null, call.referenceId ?? null, call.criterionId ?? null, call.rubricVersionId ?? null, call.itemId ?? null, call.runNumber ?? null,
          call.conversationId ?? null, call.questionId ?? null, call.persona ?? null, call.partner ?? null, call.turn ?? null, call.model, call.templateHash, now);
      }
      audit(tx, { actor: lead.id, action: "run.start", entity: "run", entityId: runId, detail: { request, calls: plan.calls.length } }, new Date(now));
      return { runId, calls: plan.calls.length };
    },
    { behavior: "immediate" },
  );
}
