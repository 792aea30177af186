import "server-only";
import type { Db } from "@/db/client";
import type { Decoding } from "@/lib/runs/execute";
import type { ClaimedCall } from "@/lib/runs/queue";
import type { FlowTurn } from "@/lib/flow/judgeFlow";
import { personaPrompt, type Persona } from "@/lib/flow/personas";
import { endedWithoutAnswer, nextSpeaker, simulatedConversationId, turnMessages } from "@/lib/flow/simulation";

/**
 * The turn calls of `simulate` runs (docs/runs.md, "Persona simulation runs"): one call
 * per turn of a simulated conversation, the user model's and the target model's in
 * turn. Like flow calls they are planned lazily: the next turn's call is added in the
 * transaction that stores a turn, and the finished conversation is stored as an
 * imported one in it too — a resumed run never asks a stored turn again.
 */

export interface TurnCallRow {
  id: number;
  run_id: number;
  actor: string;
  endpoint_id: number;
  /** The conversation's key within the run: `target|persona|run`. */
  conversation_id: string | null;
  persona: string | null;
  /** The other model of the conversation. */
  partner: string | null;
  /** From 0: the user model speaks on even turns. */
  turn: number | null;
}

const speakerOf = (row: { turn: number | null }): FlowTurn["speaker"] => (row.turn! % 2 === 0 ? "user" : "chatbot");

interface SimulationSpec {
  personaSetId: number;
  userModel: string;
  turns: number;
}

/** Runs' personas, parsed once per queue: a run's spec never changes. */
export class SimulationRuns {
  private readonly specs = new Map<number, SimulationSpec & { template: string; personas: Map<string, Persona>; setName: string }>();

  constructor(private readonly db: Db) {}

  private run(runId: number) {
    let found = this.specs.get(runId);
    if (!found) {
      const c = this.db.$client;
      const spec = JSON.parse((c.prepare("SELECT spec FROM runs WHERE id = ?").get(runId) as { spec: string }).spec) as SimulationSpec;
      const set = c.prepare("SELECT name, template, personas FROM vera_persona_sets WHERE id = ?").get(spec.personaSetId) as { name: string; template: string; personas: string };
      found = { ...spec, setName: set.name, template: set.template, personas: new Map((JSON.parse(set.personas) as Persona[]).map((p) => [p.name, p])) };
      this.specs.set(runId, found);
    }
    return found;
  }

  /** A conversation's stored turns, in order: the user's are the even ones (the user starts). */
  private turns(runId: number, conversationId: string): FlowTurn[] {
    const rows = this.db.$client
      .prepare("SELECT parsed FROM run_calls WHERE run_id = ? AND conversation_id = ? AND kind = 'turn' AND status = 'done' ORDER BY turn")
      .all(runId, conversationId) as { parsed: string }[];
    return rows.map((r, i) => ({ speaker: i % 2 === 0 ? "user" : "chatbot", text: (JSON.parse(r.parsed) as { text: string }).text }));
  }

  /** Claimed turn rows as calls: the persona prompt for the user model, the target's system prompt for it. */
  load<R extends TurnCallRow>(rows: R[], decodings: Map<string, Decoding>): ClaimedCall[] {
    const systemPrompt = this.db.$client.prepare("SELECT system_prompt AS s FROM target_models WHERE id = ?");
    return rows.map((row) => {
      const spec = this.run(row.run_id);
      const speaker = speakerOf(row);
      const target = speaker === "user" ? row.partner! : row.actor;
      const turns = this.turns(row.run_id, row.conversation_id!);
      const system = speaker === "user" ? personaPrompt(spec.template, spec.personas.get(row.persona!)!) : (systemPrompt.get(target) as { s: string }).s;
      return { id: row.id, runId: row.run_id, endpointId: row.endpoint_id, answersSoFar: 0, call: { kind: "turn", decoding: decodings.get(row.actor)!, messages: turnMessages(speaker, system, turns) } };
    });
  }

  /**
   * After a turn (or its missing answer) is stored, inside the same transaction: the
   * other side's turn is queued, or the conversation has ended and is stored as an
   * imported conversation with its persona, user model, provider model and risk level.
   * Returns the endpoint of the call queued (the other model's), if one was.
   */
  advance(row: Omit<TurnCallRow, "id"> & { run_number: number | null; status: string }, now: number): number | null {
    const c = this.db.$client;
    const spec = this.run(row.run_id);
    const speaker = speakerOf(row);
    const target = speaker === "user" ? row.partner! : row.actor;
    const turns = this.turns(row.run_id, row.conversation_id!);
    const next = row.status === "missing" ? { end: endedWithoutAnswer(speaker) } : nextSpeaker(turns, spec.turns);
    if ("speaker" in next) {
      const actor = next.speaker === "user" ? spec.userModel : target;
      const partner = next.speaker === "user" ? target : spec.userModel;
      const model = c.prepare("SELECT endpoint_id AS endpoint, model FROM target_models WHERE id = ?").get(actor) as { endpoint: number; model: string };
      c.prepare(`INSERT INTO run_calls (run_id, kind, actor, endpoint_id, key, conversation_id, persona, partner, turn, run_number, model, updated_at)
          VALUES (?, 'turn', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, key) DO NOTHING`)
        .run(row.run_id, actor, model.endpoint, `${target}|${row.persona}|${row.run_number}|${row.turn! + 1}`, row.conversation_id, row.persona, partner, row.turn! + 1, row.run_number, model.model, now);
      return model.endpoint;
    }
    if (turns.length === 0) return null;
    const persona = spec.personas.get(row.persona!)!;
    const taken = c.prepare("SELECT 1 FROM vera_conversations WHERE id = ?");
    let id = simulatedConversationId(`${row.run_id}|${row.conversation_id}`);
    for (let attempt = 1; taken.get(id); attempt++) id = simulatedConversationId(`${row.run_id}|${row.conversation_id}`, attempt);
    c.prepare(`INSERT INTO vera_conversations (id, file_name, persona, user_model, provider_model, risk_level, turns, end_marker, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      id,
      `${id}_${persona.name}_${spec.userModel}_run${row.run_number}.txt`,
      persona.name,
      spec.userModel,
      target,
      persona.riskLevel,
      JSON.stringify(turns),
      next.end,
      now,
    );
    return null;
  }
}
