import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import type { ResponseFormatMode } from "@/lib/runs/chat";
import { ANSWER_ATTEMPTS, judgeRequest, respondRequest } from "@/lib/runs/execute";
import type { CallWrite, ClaimedCall } from "@/lib/runs/queue";
import { parseVerdict } from "@/lib/runs/verdictAnswer";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Invalid, NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { RunIdInput } from "./schema";
import { SqliteRunQueue } from "./sqliteQueue";

/**
 * Batch files (the OpenAI Batch API's JSONL, which vLLM's `run_batch` and hosted
 * batch APIs read): a run's pending calls go out as request lines, the output file
 * comes back through the same parsing as online answers. Each call's `custom_id`
 * names the run, the call and the stage it was at (answers given, turns made), so an
 * output line for a stage already passed is refused rather than applied twice.
 */

/** Hosted batch APIs take at most 50,000 requests per file. */
export const BATCH_LIMIT = 50_000;
const PAGE = 2_000;

/** Flow and simulation runs ask each call only once the one before it is stored: no batch file for them. */
const UNBATCHED = new Set(["flow_judge", "simulate"]);

/** A judge or response call: the only calls of the runs batch files take. */
function batchCall(claimed: ClaimedCall): Exclude<ClaimedCall["call"], { kind: "turn" }> {
  if (claimed.call.kind === "turn") throw new Conflict("A simulation run's turns cannot go through a batch file.");
  return claimed.call;
}

const customId = (claimed: ClaimedCall) => {
  const call = batchCall(claimed);
  return `run-${claimed.runId}-call-${claimed.id}-${call.kind === "judge" ? `a${claimed.answersSoFar}` : `t${call.turnsSoFar.length}`}`;
};

/** The request lines for up to `limit` of a run's pending calls; the run is paused so the online worker leaves them to the batch. */
export async function exportBatch({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ jsonl: string; calls: number }> {
  const lead = requireRole(ctx, "lead");
  const { runId, limit } = RunIdInput.extend({ limit: z.coerce.number().int().min(1).max(BATCH_LIMIT).default(BATCH_LIMIT) }).parse(input);
  const db = getDb();
  const queue = new SqliteRunQueue(db);
  return db.transaction(
    (tx) => {
      const run = db.$client.prepare("SELECT status, kind FROM runs WHERE id = ?").get(runId) as { status: string; kind: string } | undefined;
      if (!run) throw new NotFound(`There is no run ${runId}.`);
      if (run.status === "cancelled" || run.status === "done") throw new Conflict(`This run is ${run.status}: it has no calls to make.`);
      if (UNBATCHED.has(run.kind)) throw new Conflict("This run asks each call only once the one before it is stored (a flow question, a conversation's turn), so its calls cannot go out as one batch file: let the worker make them.");
      const formats = new Map(
        (db.$client.prepare("SELECT id, response_format AS f FROM endpoints").all() as { id: number; f: ResponseFormatMode }[]).map((e) => [e.id, e.f]),
      );
      const lines: string[] = [];
      let after = 0;
      while (lines.length < limit) {
        const page = queue.pending(runId, after, Math.min(PAGE, limit - lines.length));
        if (page.length === 0) break;
        for (const claimed of page) {
          const call = batchCall(claimed);
          const body = call.kind === "judge" ? judgeRequest(call, formats.get(claimed.endpointId) ?? "text", call.previous) : respondRequest(call, call.turnsSoFar);
          lines.push(JSON.stringify({ custom_id: customId(claimed), method: "POST", url: "/v1/chat/completions", body }));
        }
        after = page[page.length - 1].id;
      }
      if (lines.length === 0) throw new Conflict("This run has no pending calls to export.");
      db.$client
        .prepare("UPDATE runs SET status = 'paused', status_note = ? WHERE id = ?")
        .run(`Waiting for a batch file's output (${lines.length.toLocaleString("en-US")} calls exported). Import it, or resume to make the calls online.`, runId);
      audit(tx, { actor: lead.id, action: "run.batch_export", entity: "run", entityId: runId, detail: { calls: lines.length } });
      return { jsonl: `${lines.join("\n")}\n`, calls: lines.length };
    },
    { behavior: "immediate" },
  );
}

const OutputLine = z.object({
  custom_id: z.string(),
  response: z
    .object({
      status_code: z.number().int(),
      body: z.unknown(),
    })
    .nullish(),
  error: z.object({ message: z.string().optional(), code: z.string().nullish() }).passthrough().nullish(),
});

const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }).passthrough(), finish_reason: z.string().nullish() }).passthrough()).min(1),
  usage: z.object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() }).passthrough().nullish(),
});

export interface BatchImportResult {
  /** Verdicts and responses stored. */
  settled: number;
  /** Unusable answers or failed lines: those calls are pending for the next round. */
  retried: number;
  /** Verdicts stored as missing after their last allowed answer. */
  missing: number;
  /** Calls still pending in the run. */
  pending: number;
}

/** Applies a batch output file to a run, all or nothing. */
export async function importBatch({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<BatchImportResult> {
  const lead = requireRole(ctx, "lead");
  const { runId, text } = RunIdInput.extend({ text: z.string() }).parse(input);
  const db = getDb();
  const queue = new SqliteRunQueue(db);
  return db.transaction(
    (tx) => {
      const run = db.$client.prepare("SELECT status, kind FROM runs WHERE id = ?").get(runId) as { status: string; kind: string } | undefined;
      if (!run) throw new NotFound(`There is no run ${runId}.`);
      if (run.status === "cancelled") throw new Conflict("This run was cancelled; its calls are not taken any more.");
      if (UNBATCHED.has(run.kind)) throw new Conflict("This run takes no batch files: the worker asks its calls one after another.");
      const byId = new Map<string, ClaimedCall>();
      let after = 0;
      for (;;) {
        const page = queue.pending(runId, after, PAGE);
        if (page.length === 0) break;
        for (const claimed of page) byId.set(customId(claimed), claimed);
        after = page[page.length - 1].id;
      }
      const issues: string[] = [];
      const writes: CallWrite[] = [];
      const seen = new Set<string>();
      const result = { settled: 0, retried: 0, missing: 0 };
      text.split("\n").forEach((raw, index) => {
        const where = `line ${index + 1}`;
        if (raw.trim() === "") return;
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          issues.push(`${where}: not JSON`);
          return;
        }
        const line = OutputLine.safeParse(json);
        if (!line.success) {
          issues.push(`${where}: not a batch output line (${line.error.issues.map((i) => `${i.path.join(".") || "line"}: ${i.message}`).join("; ")})`);
          return;
        }
        const id = line.data.custom_id;
        const claimed = byId.get(id);
        if (!claimed) {
          issues.push(`${where}: custom_id "${id.slice(0, 80)}" is not a pending call of run ${runId} at this stage (answered already, or from another run or export)`);
          return;
        }
        if (seen.has(id)) {
          issues.push(`${where}: custom_id "${id}" appears twice`);
          return;
        }
        seen.add(id);
        const ok = line.data.response?.status_code === 200 ? Completion.safeParse(line.data.response.body) : null;
        if (!ok?.success) {
          const why = line.data.error?.message ?? (line.data.response ? `HTTP ${line.data.response.status_code}` : "no response");
          writes.push({ id: claimed.id, retry: { raw: null, lastError: `batch: ${why}`.slice(0, 500), answers: claimed.answersSoFar, attempts: 1, tokensIn: 0, tokensOut: 0 } });
          result.retried++;
          return;
        }
        const choice = ok.data.choices[0];
        const content = choice.message.content ?? "";
        const truncated = choice.finish_reason === "length";
        const tally = { attempts: 1, tokensIn: ok.data.usage?.prompt_tokens ?? 0, tokensOut: ok.data.usage?.completion_tokens ?? 0 };
        const call = batchCall(claimed);
        if (call.kind === "respond") {
          const turns = [...call.turnsSoFar, content.trim()];
          if (turns.length < call.userTurns.length) {
            writes.push({ id: claimed.id, progress: { turns, ...tally } });
            result.retried++;
          } else {
            writes.push({ id: claimed.id, settlement: { status: "done", parsed: { turns, truncated }, raw: content, requestHash: null, latencyMs: null, lastError: null, ...tally } });
            result.settled++;
          }
          return;
        }
        const verdict = parseVerdict(content, truncated);
        if (verdict.ok) {
          writes.push({ id: claimed.id, settlement: { status: "done", parsed: { verdict: verdict.verdict, rationale: verdict.rationale }, raw: content, requestHash: null, latencyMs: null, lastError: null, ...tally } });
          result.settled++;
        } else if (claimed.answersSoFar + 1 >= ANSWER_ATTEMPTS) {
          writes.push({ id: claimed.id, settlement: { status: "missing", parsed: null, raw: content, requestHash: null, latencyMs: null, lastError: `unusable answer: ${verdict.problem}`, ...tally } });
          result.missing++;
        } else {
          writes.push({ id: claimed.id, retry: { raw: content, lastError: `unusable answer: ${verdict.problem}`, answers: claimed.answersSoFar + 1, ...tally } });
          result.retried++;
        }
      });
      if (issues.length > 0) {
        throw new Invalid(`The batch output has ${issues.length} problem${issues.length === 1 ? "" : "s"}; nothing was stored.`, issues.slice(0, 200).concat(issues.length > 200 ? [`and ${issues.length - 200} more`] : []));
      }
      if (writes.length === 0) throw new Invalid("The batch output file is empty.");
      queue.store(writes);
      const { n: pending } = db.$client.prepare("SELECT count(*) AS n FROM run_calls WHERE run_id = ? AND status IN ('pending', 'running')").get(runId) as { n: number };
      if (pending === 0) db.$client.prepare("UPDATE runs SET status = 'done', status_note = NULL, finished_at = ? WHERE id = ?").run(Date.now(), runId);
      audit(tx, { actor: lead.id, action: "run.batch_import", entity: "run", entityId: runId, detail: result });
      return { ...result, pending };
    },
    { behavior: "immediate" },
  );
}
