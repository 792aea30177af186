import "server-only";
import type { Db } from "@/db/client";
import type { Decoding } from "@/lib/runs/execute";
import type { CallWrite, ClaimedCall, RunQueue } from "@/lib/runs/queue";
import { renderTemplate } from "@/lib/runs/template";
import { responseIdFor } from "@/lib/runs/responseId";
import { FlowRuns } from "./flowCalls";
import { SimulationRuns } from "./simulationCalls";

interface CallRow {
  id: number;
  run_id: number;
  kind: "judge" | "respond" | "flow" | "turn";
  actor: string;
  endpoint_id: number;
  response_id: string | null;
  reference_id: string | null;
  criterion_id: string | null;
  rubric_version_id: number | null;
  item_id: string | null;
  run_number: number | null;
  conversation_id: string | null;
  question_id: string | null;
  persona: string | null;
  partner: string | null;
  turn: number | null;
  raw: string | null;
  parsed: string | null;
  last_error: string | null;
}

const UNUSABLE = "unusable answer: ";

/** Binds at most this many ids per IN list (SQLite allows 32,766 parameters). */
const CHUNK = 500;
function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}
const marks = (n: number) => Array(n).fill("?").join(",");

/** The run queue in Concord's SQLite database (the `run_calls` table). */
export class SqliteRunQueue implements RunQueue {
  private readonly sql;
  private readonly flow: FlowRuns;
  private readonly simulation: SimulationRuns;

  constructor(private readonly db: Db) {
    const c = db.$client;
    this.flow = new FlowRuns(db);
    this.simulation = new SimulationRuns(db);
    this.sql = {
      recover: c.prepare("UPDATE run_calls SET status = 'pending' WHERE status = 'running'"),
      endpoints: c.prepare("SELECT DISTINCT endpoint_id AS id FROM run_calls WHERE run_id = ?"),
      hasWork: c.prepare("SELECT 1 FROM run_calls WHERE status = 'pending' AND run_id = ? AND endpoint_id = ? LIMIT 1"),
      claim: c.prepare(`UPDATE run_calls SET status = 'running', updated_at = ? WHERE id IN (
          SELECT id FROM run_calls WHERE status = 'pending' AND run_id = ? AND endpoint_id = ? ORDER BY id LIMIT ?)
        RETURNING id, run_id, kind, actor, endpoint_id, response_id, reference_id, criterion_id, rubric_version_id, item_id, run_number, conversation_id, question_id, persona, partner, turn, raw, parsed, last_error`),
      progress: c.prepare(`UPDATE run_calls SET parsed = ?, attempts = attempts + ?, tokens_in = tokens_in + ?, tokens_out = tokens_out + ?, updated_at = ?
        WHERE id = ?`),
      retry: c.prepare(`UPDATE run_calls SET status = 'pending', raw = coalesce(?, raw), parsed = ?, last_error = ?, attempts = attempts + ?, tokens_in = tokens_in + ?,
          tokens_out = tokens_out + ?, updated_at = ? WHERE id = ?`),
      pending: c.prepare(`SELECT id, run_id, kind, actor, endpoint_id, response_id, reference_id, criterion_id, rubric_version_id, item_id, run_number, conversation_id, question_id, persona, partner, turn, raw, parsed, last_error
        FROM run_calls WHERE run_id = ? AND status = 'pending' AND id > ? ORDER BY id LIMIT ?`),
      settle: c.prepare(`UPDATE run_calls SET status = ?, parsed = ?, raw = ?, request_hash = coalesce(?, request_hash), tokens_in = tokens_in + ?,
          tokens_out = tokens_out + ?, latency_ms = ?, attempts = attempts + ?, last_error = ?, updated_at = ?
        WHERE id = ? RETURNING run_id, kind, actor, endpoint_id, response_id, reference_id, criterion_id, rubric_version_id, item_id, run_number, conversation_id, persona, partner, turn, model`),
      verdict: c.prepare(`INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rationale, rubric_version_id, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (judge, response_id, criterion_id, rubric_version_id) DO UPDATE SET verdict = excluded.verdict, rationale = excluded.rationale, created_at = excluded.created_at`),
      referenceVerdict: c.prepare(`INSERT INTO reference_verdicts (judge, reference_id, criterion_id, verdict, rationale, rubric_version_id, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (judge, reference_id, criterion_id, rubric_version_id) DO UPDATE SET verdict = excluded.verdict, rationale = excluded.rationale, created_at = excluded.created_at`),
      response: c.prepare(`INSERT INTO responses (id, item_id, model, run, assistant_turns, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
      pause: c.prepare("UPDATE runs SET status = 'paused', status_note = ? WHERE id = ? AND status = 'running'"),
      release: (n: number) => c.prepare(`UPDATE run_calls SET status = 'pending' WHERE status = 'running' AND id IN (${marks(n)})`),
      finish: c.prepare(`UPDATE runs SET status = 'done', finished_at = ? WHERE status = 'running'
        AND NOT EXISTS (SELECT 1 FROM run_calls c WHERE c.run_id = runs.id AND c.status IN ('pending', 'running')) RETURNING id`),
      running: c.prepare("SELECT id FROM runs WHERE status = 'running'"),
    };
  }

  recover(): number {
    return this.sql.recover.run().changes;
  }

  /** Each run's endpoints: read once, then added to as a simulation run queues turns on its other models' endpoints. */
  private readonly runEndpoints = new Map<number, number[]>();

  private endpointsOf(runId: number): number[] {
    let ids = this.runEndpoints.get(runId);
    if (!ids) {
      ids = (this.sql.endpoints.all(runId) as { id: number }[]).map((r) => r.id);
      this.runEndpoints.set(runId, ids);
    }
    return ids;
  }

  work(): number[] {
    const busy = new Set<number>();
    for (const runId of this.runningRuns()) {
      for (const endpointId of this.endpointsOf(runId)) if (!busy.has(endpointId) && this.sql.hasWork.get(runId, endpointId)) busy.add(endpointId);
    }
    return [...busy];
  }

  claim(endpointId: number, limit: number): ClaimedCall[] {
    const rows: CallRow[] = [];
    const now = Date.now();
    for (const runId of [...this.runningRuns()].sort((a, b) => a - b)) {
      if (rows.length >= limit) break;
      if (!this.endpointsOf(runId).includes(endpointId)) continue;
      rows.push(...(this.sql.claim.all(now, runId, endpointId, limit - rows.length) as CallRow[]));
    }
    return rows.length === 0 ? [] : this.load(rows);
  }

  /** Renders each claimed call from the stored rows: judge settings and template, unit texts (a response's or a graded reference's), the item's user turns. */
  private load(rows: CallRow[]): ClaimedCall[] {
    const c = this.db.$client;
    const judgeIds = [...new Set(rows.filter((r) => r.kind === "judge" || r.kind === "flow").map((r) => r.actor))];
    const modelIds = [...new Set(rows.filter((r) => r.kind === "respond" || r.kind === "turn").map((r) => r.actor))];
    const judges = new Map<string, Decoding & { body: string }>();
    for (const ids of chunks(judgeIds)) {
      const found = c
        .prepare(`SELECT j.id, j.model, j.temperature, j.max_tokens AS maxTokens, j.seed, t.body FROM judges j JOIN prompt_templates t ON t.id = j.prompt_template_id WHERE j.id IN (${marks(ids.length)})`)
        .all(...ids) as (Decoding & { id: string; body: string })[];
      for (const j of found) judges.set(j.id, j);
    }
    const models = new Map<string, Decoding & { systemPrompt: string }>();
    for (const ids of chunks(modelIds)) {
      const found = c
        .prepare(`SELECT id, model, temperature, max_tokens AS maxTokens, seed, system_prompt AS systemPrompt FROM target_models WHERE id IN (${marks(ids.length)})`)
        .all(...ids) as (Decoding & { id: string; systemPrompt: string })[];
      for (const m of found) models.set(m.id, m);
    }
    // the dialogue a judge call is about: a response's, or a graded reference's
    const dialoguesOf = (table: "responses" | "reference_responses", wanted: (string | null)[]) => {
      const dialogues = new Map<string, { userTurns: string[]; assistantTurns: string[] }>();
      for (const ids of chunks([...new Set(wanted.filter((id) => id !== null))])) {
        const found = c
          .prepare(`SELECT r.id, r.assistant_turns AS a, i.user_turns AS u FROM ${table} r JOIN items i ON i.id = r.item_id WHERE r.id IN (${marks(ids.length)})`)
          .all(...ids) as { id: string; a: string; u: string }[];
        for (const d of found) dialogues.set(d.id, { userTurns: JSON.parse(d.u), assistantTurns: JSON.parse(d.a) });
      }
      return dialogues;
    };
    const dialogues = dialoguesOf("responses", rows.map((r) => r.response_id));
    const references = dialoguesOf("reference_responses", rows.map((r) => r.reference_id));
    const itemIds = [...new Set(rows.flatMap((r) => (r.kind === "respond" && r.item_id ? [r.item_id] : [])))];
    const userTurns = new Map<string, string[]>();
    for (const ids of chunks(itemIds)) {
      const found = c.prepare(`SELECT id, user_turns AS u FROM items WHERE id IN (${marks(ids.length)})`).all(...ids) as { id: string; u: string }[];
      for (const i of found) userTurns.set(i.id, JSON.parse(i.u));
    }
    const versionIds = [...new Set(rows.flatMap((r) => (r.rubric_version_id ? [r.rubric_version_id] : [])))];
    const criteria = new Map<string, { text: string; dimension: string }>();
    for (const ids of chunks(versionIds)) {
      const found = c
        .prepare(`SELECT rubric_version_id AS v, criterion_id AS id, text, dimension FROM rubric_criteria WHERE rubric_version_id IN (${marks(ids.length)})`)
        .all(...ids) as { v: number; id: string; text: string; dimension: string }[];
      for (const k of found) criteria.set(`${k.v}:${k.id}`, k);
    }

    const unusable = (row: CallRow) => {
      if (row.raw === null || !row.last_error?.startsWith(UNUSABLE)) return null;
      const answers = row.parsed ? Number((JSON.parse(row.parsed) as { answers?: number }).answers ?? 0) : 0;
      return { raw: row.raw, problem: row.last_error.slice(UNUSABLE.length), answers };
    };
    const lazyCalls = new Map(
      [...this.flow.load(rows.filter((r) => r.kind === "flow"), judges, unusable), ...this.simulation.load(rows.filter((r) => r.kind === "turn"), models)].map((call) => [call.id, call]),
    );
    return rows.map((row): ClaimedCall => {
      if (row.kind === "flow" || row.kind === "turn") return lazyCalls.get(row.id)!;
      const base = { id: row.id, runId: row.run_id, endpointId: row.endpoint_id };
      if (row.kind === "respond") {
        const model = models.get(row.actor)!;
        const partial = row.parsed ? (JSON.parse(row.parsed) as { turns?: string[] }) : {};
        return {
          ...base,
          answersSoFar: 0,
          call: { kind: "respond", decoding: model, systemPrompt: model.systemPrompt, userTurns: userTurns.get(row.item_id!) ?? [], turnsSoFar: partial.turns ?? [] },
        };
      }
      const judge = judges.get(row.actor)!;
      const dialogue = row.reference_id ? references.get(row.reference_id)! : dialogues.get(row.response_id!)!;
      const criterion = criteria.get(`${row.rubric_version_id}:${row.criterion_id}`)!;
      const previous = unusable(row);
      return {
        ...base,
        answersSoFar: previous?.answers ?? 0,
        call: {
          kind: "judge",
          decoding: judge,
          messages: renderTemplate(judge.body, { ...dialogue, criterion: criterion.text, dimension: criterion.dimension }),
          previous: previous && { raw: previous.raw, problem: previous.problem },
        },
      };
    });
  }

  /** A run's pending calls after call id `after`, rendered, without taking them (a batch file). */
  pending(runId: number, after: number, limit: number): ClaimedCall[] {
    const rows = this.sql.pending.all(runId, after, limit) as CallRow[];
    return rows.length === 0 ? [] : this.load(rows);
  }

  store(writes: CallWrite[]): void {
    if (writes.length === 0) return;
    const now = Date.now();
    this.db.$client.transaction(() => {
      for (const write of writes) {
        if ("progress" in write) {
          const p = write.progress;
          this.sql.progress.run(JSON.stringify({ turns: p.turns }), p.attempts, p.tokensIn, p.tokensOut, now, write.id);
          continue;
        }
        if ("retry" in write) {
          const r = write.retry;
          this.sql.retry.run(r.raw, JSON.stringify({ answers: r.answers }), r.lastError, r.attempts, r.tokensIn, r.tokensOut, now, write.id);
          continue;
        }
        const s = write.settlement;
        const row = this.sql.settle.get(
          s.status, s.parsed === null ? null : JSON.stringify(s.parsed), s.raw, s.requestHash, s.tokensIn, s.tokensOut, s.latencyMs, s.attempts, s.lastError, now, write.id,
        ) as
          | { run_id: number; kind: string; actor: string; endpoint_id: number; response_id: string | null; reference_id: string | null; criterion_id: string | null; rubric_version_id: number | null; item_id: string | null; run_number: number | null;
              conversation_id: string | null; persona: string | null; partner: string | null; turn: number | null; model: string }
          | undefined;
        if (!row) continue;
        if (s.fatal) this.sql.pause.run(`Paused: the endpoint refused a call (${s.lastError ?? "no reason given"}). Fix the endpoint or judge, then resume.`, row.run_id);
        if (row.kind === "judge" && (s.status === "done" || s.status === "missing")) {
          const v = s.parsed as { verdict: boolean; rationale: string } | null;
          const stored = row.reference_id ? this.sql.referenceVerdict : this.sql.verdict;
          stored.run(row.actor, row.reference_id ?? row.response_id, row.criterion_id, v ? (v.verdict ? 1 : 0) : null, v ? v.rationale : null, row.rubric_version_id, now);
        }
        if (row.kind === "flow" && (s.status === "done" || s.status === "missing")) this.flow.advance(row.run_id, row.actor, row.conversation_id!, write.id, now);
        if (row.kind === "turn" && (s.status === "done" || s.status === "missing")) {
          const endpoint = this.simulation.advance({ ...row, status: s.status }, now);
          const known = this.runEndpoints.get(row.run_id);
          if (endpoint !== null && known && !known.includes(endpoint)) known.push(endpoint);
        }
        if (row.kind === "respond" && s.status === "done") {
          const turns = (s.parsed as { turns: string[] }).turns;
          this.sql.response.run(responseIdFor(row.actor, row.item_id!, row.run_number!), row.item_id, row.actor, row.run_number, JSON.stringify(turns), now);
        }
      }
    })();
  }

  release(ids: number[]): void {
    for (const part of chunks(ids)) this.sql.release(part.length).run(...part);
  }

  finishRuns(now: number): number[] {
    return (this.sql.finish.all(now) as { id: number }[]).map((r) => r.id);
  }

  runningRuns(): Set<number> {
    return new Set((this.sql.running.all() as { id: number }[]).map((r) => r.id));
  }
}
