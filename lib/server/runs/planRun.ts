import "server-only";
import type { Db } from "@/db/client";
import { renderTemplate, templateHash } from "@/lib/runs/template";
import { respondRequest } from "@/lib/runs/execute";
import { FLOW_QUESTION_TEMPLATE, FLOW_SYSTEM_TEMPLATE, flowMessages, mostQuestionsAsked, nextFlowStep } from "@/lib/flow/judgeFlow";
import { personaPrompt, type Persona } from "@/lib/flow/personas";
import { loadRubric, readStudy } from "@/lib/server/vera/access";
import { responseIdFor } from "@/lib/runs/responseId";
import { Invalid, NotFound } from "@/lib/server/errors";
import type { RunRequest } from "./schema";

/** One call to enqueue. */
export interface PlannedCall {
  kind: "judge" | "respond" | "flow" | "turn";
  actor: string;
  endpointId: number;
  key: string;
  model: string;
  templateHash: string | null;
  responseId?: string;
  /** A judge call on a graded reference (`reference_responses`) instead of a response. */
  referenceId?: string;
  criterionId?: string;
  rubricVersionId?: number;
  itemId?: string;
  runNumber?: number;
  conversationId?: string;
  questionId?: string;
  persona?: string;
  partner?: string;
  turn?: number;
}

export interface ActorEstimate {
  actor: string;
  endpoint: string;
  calls: number;
  /** Already stored, so not asked again. */
  skipped: number;
  tokensIn: number;
  tokensOut: number;
  /** US dollars; null when the endpoint has no prices. */
  cost: number | null;
}

export interface RunEstimate {
  calls: number;
  skipped: number;
  tokensIn: number;
  tokensOut: number;
  cost: number | null;
  actors: ActorEstimate[];
  /** How tokens were estimated, for the page. */
  basis: string;
}

/** A graded reference to store when the run starts (a row of `reference_responses`). */
export interface PlannedReference {
  id: string;
  itemId: string;
  referenceVersionId: number;
  filledFrom: string | null;
  assistantTurns: string[];
}

export interface RunPlan {
  title: string;
  spec: Record<string, unknown>;
  calls: PlannedCall[];
  /** Graded references the calls judge; only a grading with the reference ceiling has any. */
  references: PlannedReference[];
  estimate: RunEstimate;
}

/** Tokens are estimated as characters / 4 (English text with common tokenizers). */
const CHARS_PER_TOKEN = 4;
/** A verdict and one sentence. */
const JUDGE_OUTPUT_TOKENS = 60;
/** A flow answer and a brief explanation. */
const FLOW_OUTPUT_TOKENS = 80;
/** A simulated conversation's turn, either side (short user messages, longer replies). */
const SIM_TURN_TOKENS = 120;
/** A typical assistant turn of the demo and the paper's models. */
const TURN_OUTPUT_TOKENS = 350;
/** Calls rendered per actor to estimate prompt sizes. */
const SAMPLE = 40;

const tokens = (chars: number) => Math.ceil(chars / CHARS_PER_TOKEN);

interface Actor {
  id: string;
  endpoint_id: number;
  endpoint: string;
  model: string;
  temperature: number;
  max_tokens: number;
  seed: number | null;
  price_in: number | null;
  price_out: number | null;
}

function actors(db: Db, table: "judges" | "target_models", ids: readonly string[], what: string): Map<string, Actor & { body?: string; system_prompt?: string }> {
  const extra = table === "judges" ? ", t.body" : ", a.system_prompt";
  const join = table === "judges" ? "JOIN prompt_templates t ON t.id = a.prompt_template_id" : "";
  const rows = db.$client
    .prepare(`SELECT a.id, a.endpoint_id, e.name AS endpoint, a.model, a.temperature, a.max_tokens, a.seed, e.price_input_per_m AS price_in, e.price_output_per_m AS price_out${extra}
      FROM ${table} a JOIN endpoints e ON e.id = a.endpoint_id ${join} WHERE a.id IN (${ids.map(() => "?").join(",")})`)
    .all(...ids) as (Actor & { body?: string; system_prompt?: string })[];
  const found = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) throw new Invalid(`Unknown ${what}: ${unknown.slice(0, 10).join(", ")}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ""}. Add ${what === "judge" ? "it on the Judges page" : "it on the Models page"} first.`);
  return found;
}

function cost(actor: Actor, tokensIn: number, tokensOut: number): number | null {
  if (actor.price_in === null && actor.price_out === null) return null;
  return (tokensIn * (actor.price_in ?? 0) + tokensOut * (actor.price_out ?? 0)) / 1e6;
}

function summarise(estimates: ActorEstimate[], basis: string): RunEstimate {
  const sum = (f: (a: ActorEstimate) => number) => estimates.reduce((s, a) => s + f(a), 0);
  const costs = estimates.map((a) => a.cost);
  return {
    calls: sum((a) => a.calls),
    skipped: sum((a) => a.skipped),
    tokensIn: sum((a) => a.tokensIn),
    tokensOut: sum((a) => a.tokensOut),
    cost: costs.some((c) => c !== null) ? costs.reduce<number>((s, c) => s + (c ?? 0), 0) : null,
    actors: estimates,
    basis,
  };
}

interface Unit {
  /** A response id, or a graded reference's id when `reference` is set. */
  response: string;
  reference?: boolean;
  criterion: string;
  version: number;
  text: string;
  dimension: string;
  userTurns: string;
  assistantTurns: string;
}

/** Judge calls for `units`: every judge on every unit it has no verdict on yet and no other run is asking it. */
function judgePlan(db: Db, judgeIds: readonly string[], units: Unit[], title: string, spec: Record<string, unknown>): RunPlan {
  const judges = actors(db, "judges", judgeIds, "judge");
  const calls: PlannedCall[] = [];
  const estimates: ActorEstimate[] = [];
  const known = db.$client.prepare(`SELECT response_id || '|' || criterion_id || '|' || rubric_version_id AS k FROM judge_verdicts WHERE judge = ? AND verdict IS NOT NULL
    UNION SELECT 'ref|' || reference_id || '|' || criterion_id || '|' || rubric_version_id FROM reference_verdicts WHERE judge = ? AND verdict IS NOT NULL
    UNION SELECT coalesce('ref|' || reference_id, response_id) || '|' || criterion_id || '|' || rubric_version_id FROM run_calls c JOIN runs r ON r.id = c.run_id
    WHERE c.actor = ? AND c.kind = 'judge' AND c.status IN ('pending', 'running') AND r.status IN ('running', 'paused')`);
  const unitKey = (u: Unit) => `${u.reference ? "ref|" : ""}${u.response}|${u.criterion}|${u.version}`;
  for (const judgeId of judgeIds) {
    const judge = judges.get(judgeId)!;
    const hash = templateHash(judge.body!);
    const done = new Set((known.all(judgeId, judgeId, judgeId) as { k: string }[]).map((r) => r.k));
    const todo = units.filter((u) => !done.has(unitKey(u)));
    for (const u of todo) {
      calls.push({
        kind: "judge", actor: judgeId, endpointId: judge.endpoint_id, key: `${judgeId}|${unitKey(u)}`, model: judge.model, templateHash: hash,
        ...(u.reference ? { referenceId: u.response } : { responseId: u.response }), criterionId: u.criterion, rubricVersionId: u.version,
      });
    }
    const sample = todo.slice(0, SAMPLE);
    const chars = sample.reduce((s, u) => {
      const messages = renderTemplate(judge.body!, { userTurns: JSON.parse(u.userTurns), assistantTurns: JSON.parse(u.assistantTurns), criterion: u.text, dimension: u.dimension });
      return s + messages.reduce((m, x) => m + x.content.length, 0);
    }, 0);
    const tokensIn = sample.length ? Math.round((tokens(chars) / sample.length) * todo.length) : 0;
    const tokensOut = todo.length * JUDGE_OUTPUT_TOKENS;
    estimates.push({ actor: judgeId, endpoint: judge.endpoint, calls: todo.length, skipped: units.length - todo.length, tokensIn, tokensOut, cost: cost(judge, tokensIn, tokensOut) });
  }
  return { title, spec, calls, references: [], estimate: summarise(estimates, `prompts rendered for up to ${SAMPLE} calls per judge, at ${CHARS_PER_TOKEN} characters a token; ${JUDGE_OUTPUT_TOKENS} tokens an answer`) };
}

const UNIT_COLUMNS = `r.id AS response, rc.criterion_id AS criterion, rc.rubric_version_id AS version, rc.text, rc.dimension, i.user_turns AS userTurns, r.assistant_turns AS assistantTurns`;

function setUnitsOf(db: Db, setId: number): { name: string; units: Unit[] } {
  const set = db.$client.prepare("SELECT name FROM calibration_sets WHERE id = ?").get(setId) as { name: string } | undefined;
  if (!set) throw new NotFound(`There is no calibration set ${setId}.`);
  const units = db.$client
    .prepare(`SELECT ${UNIT_COLUMNS} FROM calibration_set_responses csr
      JOIN responses r ON r.id = csr.response_id JOIN items i ON i.id = r.item_id
      JOIN calibration_set_items csi ON csi.set_id = csr.set_id AND csi.item_id = r.item_id
      JOIN rubric_criteria rc ON rc.rubric_version_id = csi.rubric_version_id
      WHERE csr.set_id = ? ORDER BY r.id, rc.position`)
    .all(setId) as Unit[];
  return { name: set.name, units };
}

/** Each item's newest published rubric version, for the items asked (default: every item with one). */
function publishedVersions(db: Db, items: readonly string[] | undefined): Map<string, number> {
  const rows = db.$client
    .prepare(`SELECT item_id AS item, id, max(version) FROM rubric_versions WHERE status = 'published' GROUP BY item_id`)
    .all() as { item: string; id: number }[];
  const all = new Map(rows.map((r) => [r.item, r.id]));
  if (!items) return all;
  const missing = items.filter((i) => !all.has(i));
  if (missing.length > 0) throw new Invalid(`These items have no published rubric: ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ` and ${missing.length - 10} more` : ""}.`);
  return new Map(items.map((i) => [i, all.get(i)!]));
}

/**
 * The graded references of the reference ceiling (docs/scoring.md#the-reference-ceiling):
 * for each pinned item with a published reference, its newest published reference as the
 * last assistant turn; a multi-turn item's earlier assistant turns are those of `from`'s
 * response with the lowest run number (an item `from` did not answer gets none). Each
 * with its units on the item's pinned rubric version.
 */
function referencePlan(db: Db, versions: ReadonlyMap<string, number>, from: string): { references: PlannedReference[]; units: Unit[] } {
  const rows = db.$client
    .prepare(`SELECT v.item_id AS item, v.id, v.text, i.user_turns AS userTurns,
        (SELECT r.id FROM responses r WHERE r.item_id = v.item_id AND r.model = ? ORDER BY r.run, r.id LIMIT 1) AS fromId,
        (SELECT r.assistant_turns FROM responses r WHERE r.item_id = v.item_id AND r.model = ? ORDER BY r.run, r.id LIMIT 1) AS fromTurns
      FROM reference_versions v JOIN items i ON i.id = v.item_id
      WHERE v.status = 'published' AND v.version = (SELECT max(w.version) FROM reference_versions w WHERE w.item_id = v.item_id AND w.status = 'published')
      ORDER BY v.item_id`)
    .all(from, from) as { item: string; id: number; text: string; userTurns: string; fromId: string | null; fromTurns: string | null }[];
  const references: PlannedReference[] = [];
  for (const row of rows) {
    if (!versions.has(row.item)) continue;
    const turns = (JSON.parse(row.userTurns) as string[]).length;
    if (turns === 1) references.push({ id: `ref-${row.id}`, itemId: row.item, referenceVersionId: row.id, filledFrom: null, assistantTurns: [row.text] });
    else if (row.fromId !== null) {
      const earlier = (JSON.parse(row.fromTurns!) as string[]).slice(0, turns - 1);
      references.push({ id: `ref-${row.id}-${row.fromId}`, itemId: row.item, referenceVersionId: row.id, filledFrom: row.fromId, assistantTurns: [...earlier, row.text] });
    }
  }
  if (references.length === 0) throw new Invalid("None of these items has a published reference to grade for the reference ceiling.");
  const criteria = db.$client.prepare("SELECT criterion_id AS criterion, rubric_version_id AS version, text, dimension FROM rubric_criteria WHERE rubric_version_id = ? ORDER BY position");
  const itemTurns = new Map(rows.map((r) => [r.item, r.userTurns]));
  const units = references.flatMap((r) =>
    (criteria.all(versions.get(r.itemId)!) as Omit<Unit, "response" | "userTurns" | "assistantTurns">[]).map((k) => ({
      ...k, response: r.id, reference: true, userTurns: itemTurns.get(r.itemId)!, assistantTurns: JSON.stringify(r.assistantTurns),
    })),
  );
  return { references, units };
}

/** SHA-256 of VERA-MH's two prompt templates, which every flow call keeps. */
const FLOW_TEMPLATE_HASH = templateHash(`${FLOW_SYSTEM_TEMPLATE}\n${FLOW_QUESTION_TEMPLATE}`);

/**
 * A flow judge run: each judge's first question on every conversation of the study
 * (the rest are added as the answers come, docs/runs.md). A conversation the judge has
 * already been through on the same rubric version, or that another running or paused
 * run is asking it, is skipped. The estimate counts the most questions a walk can ask.
 */
function flowPlan(db: Db, studyId: number, judgeIds: readonly string[]): RunPlan {
  const study = readStudy(db, studyId);
  const { row: rubric, rubric: parsed, graph } = loadRubric(db, study.rubricId);
  const c = db.$client;
  const conversations = c
    .prepare(`SELECT id, turns FROM vera_conversations WHERE id IN (SELECT conversation_id FROM vera_assignments WHERE study_id = ? UNION SELECT conversation_id FROM vera_ratings WHERE study_id = ?) ORDER BY id`)
    .all(studyId, studyId) as { id: string; turns: string }[];
  if (conversations.length === 0) throw new Invalid("This study has no conversations to judge.");
  const first = nextFlowStep(graph, new Map());
  if (!("ask" in first)) throw new Invalid("This flow rubric asks no question: every question answers itself.");
  const question = parsed.questions.find((q) => q.id === first.ask)!;
  const most = mostQuestionsAsked(graph);
  const judges = actors(db, "judges", judgeIds, "judge");
  const known = c.prepare(`SELECT DISTINCT c.conversation_id AS id FROM run_calls c JOIN runs r ON r.id = c.run_id
    WHERE c.kind = 'flow' AND c.actor = ? AND r.kind = 'flow_judge' AND json_extract(r.spec, '$.rubricId') = ?
      AND (r.status IN ('running', 'paused') OR EXISTS (SELECT 1 FROM vera_judge_results v WHERE v.run_id = 'concord-run-' || r.id AND v.judge_model = c.actor AND v.conversation_id = c.conversation_id))`);
  const calls: PlannedCall[] = [];
  const estimates: ActorEstimate[] = [];
  for (const judgeId of judgeIds) {
    const judge = judges.get(judgeId)!;
    const done = new Set((known.all(judgeId, rubric.id) as { id: string }[]).map((r) => r.id));
    const todo = conversations.filter((conversation) => !done.has(conversation.id));
    for (const conversation of todo) {
      calls.push({
        kind: "flow", actor: judgeId, endpointId: judge.endpoint_id, key: `${judgeId}|${conversation.id}|${first.ask}`,
        model: judge.model, templateHash: FLOW_TEMPLATE_HASH, conversationId: conversation.id, questionId: first.ask,
      });
    }
    const sample = todo.slice(0, SAMPLE);
    const chars = sample.reduce((sum, conversation) => sum + flowMessages(JSON.parse(conversation.turns), question).reduce((m, x) => m + x.content.length, 0), 0);
    const questions = todo.length * most;
    const tokensIn = sample.length ? Math.round((tokens(chars) / sample.length) * questions) : 0;
    const tokensOut = questions * FLOW_OUTPUT_TOKENS;
    estimates.push({ actor: judgeId, endpoint: judge.endpoint, calls: questions, skipped: conversations.length - todo.length, tokensIn, tokensOut, cost: cost(judge, tokensIn, tokensOut) });
  }
  return {
    title: `Judge study “${study.name}” with ${judgeIds.join(", ")} (flow rubric ${rubric.name} v${rubric.version})`,
    spec: { kind: "flow_judge", studyId, judges: [...judgeIds], rubricId: rubric.id },
    calls,
    references: [],
    estimate: summarise(
      estimates,
      `at most ${most} questions a conversation (the longest walk of the rubric); skipped: conversations already judged; prompts of the first question for up to ${SAMPLE} conversations, at ${CHARS_PER_TOKEN} characters a token; ${FLOW_OUTPUT_TOKENS} tokens an answer`,
    ),
  };
}

/**
 * A simulation run: the user model's first turn of every conversation (target model ×
 * persona × run; the rest are added as the turns come, docs/runs.md). A conversation
 * already stored (same persona, user model, target model and run number) or that
 * another running or paused run is simulating is skipped. The estimate assumes every
 * conversation runs to the turn limit, each turn re-sending the conversation so far.
 */
function simulationPlan(db: Db, request: Extract<RunRequest, { kind: "simulate" }>): RunPlan {
  const c = db.$client;
  const set = c.prepare("SELECT name, version, template, personas FROM vera_persona_sets WHERE id = ?").get(request.personaSetId) as
    | { name: string; version: number; template: string; personas: string }
    | undefined;
  if (!set) throw new NotFound(`There are no personas ${request.personaSetId}.`);
  const all = JSON.parse(set.personas) as Persona[];
  const unknown = (request.personas ?? []).filter((name) => !all.some((p) => p.name === name));
  if (unknown.length > 0) throw new Invalid(`These personas are not in ${set.name} v${set.version}: ${unknown.slice(0, 10).join(", ")}.`);
  const personas = request.personas ? all.filter((p) => request.personas!.includes(p.name)) : all;
  const models = actors(db, "target_models", [...new Set([request.userModel, ...request.models])], "model");
  const user = models.get(request.userModel)!;
  const stored = c.prepare("SELECT 1 FROM vera_conversations WHERE persona = ? AND user_model = ? AND provider_model = ? AND file_name LIKE ?");
  const open = c.prepare(`SELECT 1 FROM run_calls c JOIN runs r ON r.id = c.run_id WHERE c.kind = 'turn' AND c.conversation_id = ? AND c.actor = ? AND r.kind = 'simulate' AND r.status IN ('running', 'paused') LIMIT 1`);
  const calls: PlannedCall[] = [];
  const estimates: ActorEstimate[] = [];
  const userTally = { calls: 0, skipped: 0, tokensIn: 0, tokensOut: 0 };
  for (const modelId of request.models) {
    const model = models.get(modelId)!;
    const tally = { calls: 0, skipped: 0, tokensIn: 0, tokensOut: 0 };
    for (const persona of personas) {
      const userPrompt = tokens(personaPrompt(set.template, persona).length);
      for (let run = 1; run <= request.runs; run++) {
        const conversation = `${modelId}|${persona.name}|${run}`;
        if (stored.get(persona.name, request.userModel, modelId, `%\_run${run}.txt`) || open.get(conversation, request.userModel)) {
          tally.skipped++;
          userTally.skipped++;
          continue;
        }
        calls.push({
          kind: "turn", actor: request.userModel, endpointId: user.endpoint_id, key: `${conversation}|0`, model: user.model, templateHash: null,
          conversationId: conversation, persona: persona.name, partner: modelId, turn: 0, runNumber: run,
        });
        // Turn k (from 0) re-sends the k turns before it; the user model's are even, the target's odd.
        for (let k = 0; k < 2 * request.turns; k++) {
          const side = k % 2 === 0 ? userTally : tally;
          side.calls++;
          side.tokensIn += (k % 2 === 0 ? userPrompt : tokens(model.system_prompt!.length)) + k * SIM_TURN_TOKENS;
          side.tokensOut += SIM_TURN_TOKENS;
        }
      }
    }
    estimates.push({ actor: modelId, endpoint: model.endpoint, ...tally, cost: cost(model, tally.tokensIn, tally.tokensOut) });
  }
  estimates.unshift({ actor: request.userModel, endpoint: user.endpoint, ...userTally, cost: cost(user, userTally.tokensIn, userTally.tokensOut) });
  return {
    title: `Simulate ${personas.length} persona${personas.length === 1 ? "" : "s"} of ${set.name} v${set.version} (user ${request.userModel}) against ${request.models.join(", ")}`,
    spec: { ...request, personas: personas.map((p) => p.name) },
    calls,
    references: [],
    estimate: summarise(estimates, `every conversation to ${request.turns} chatbot turns (fewer when the user ends it); ${SIM_TURN_TOKENS} tokens a turn, each turn re-sending the conversation so far; skipped: conversations already simulated`),
  };
}

/** The calls a run would make, and what they would cost; nothing is written. */
export function planRun(db: Db, request: RunRequest): RunPlan {
  if (request.kind === "flow_judge") return flowPlan(db, request.studyId, request.judges);
  if (request.kind === "simulate") return simulationPlan(db, request);
  if (request.kind === "judge") {
    const { name, units } = setUnitsOf(db, request.setId);
    if (units.length === 0) throw new Invalid("This calibration set has no units to judge.");
    return judgePlan(db, request.judges, units, `Judge “${name}” with ${request.judges.join(", ")}`, { ...request });
  }
  if (request.kind === "grade") {
    const freeze = db.$client.prepare("SELECT judges FROM frozen_panels WHERE id = ?").get(request.freezeId) as { judges: string } | undefined;
    if (!freeze) throw new NotFound(`There is no frozen panel ${request.freezeId}.`);
    const judgeIds = JSON.parse(freeze.judges) as string[];
    const versions = publishedVersions(db, request.items);
    const pinned = Object.fromEntries(versions);
    const rows = db.$client
      .prepare(`SELECT ${UNIT_COLUMNS}, r.model, r.item_id AS item FROM responses r JOIN items i ON i.id = r.item_id
        JOIN rubric_criteria rc ON rc.rubric_version_id = (SELECT id FROM rubric_versions v WHERE v.item_id = r.item_id AND v.status = 'published' ORDER BY v.version DESC LIMIT 1)
        ORDER BY r.id, rc.position`)
      .all() as (Unit & { model: string; item: string })[];
    const models = request.models ? new Set(request.models) : null;
    const units = rows.filter((u) => versions.get(u.item) === u.version && (!models || models.has(u.model)));
    if (units.length === 0) throw new Invalid("There are no responses of these models to these items to grade.");
    const spec = { ...request, judges: judgeIds, rubricVersions: pinned };
    if (!request.reference) return judgePlan(db, judgeIds, units, `Grade with frozen panel #${request.freezeId}`, spec);
    const graded = [...new Set(units.map((u) => u.model))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const from = request.referenceFrom ?? graded[0];
    if (!graded.includes(from)) throw new Invalid(`referenceFrom: "${from}" is not among the graded models (${graded.slice(0, 10).join(", ")}).`);
    const ceiling = referencePlan(db, versions, from);
    const plan = judgePlan(db, judgeIds, [...units, ...ceiling.units], `Grade with frozen panel #${request.freezeId}, with the reference ceiling`, {
      ...spec, referenceFrom: from, references: ceiling.references.map((r) => r.id),
    });
    return { ...plan, references: ceiling.references };
  }
  const models = actors(db, "target_models", request.models, "model");
  const versions = publishedVersions(db, request.items);
  const items = db.$client.prepare("SELECT id, user_turns AS u FROM items ORDER BY id").all() as { id: string; u: string }[];
  const chosen = items.filter((i) => versions.has(i.id));
  if (chosen.length === 0) throw new Invalid("There are no items with a published rubric to answer.");
  // A response of this model, item and run already stored (generated, or imported) is not asked again.
  const existing = db.$client.prepare("SELECT 1 FROM responses WHERE (model = ? AND item_id = ? AND run = ?) OR id = ?");
  const open = db.$client.prepare(`SELECT 1 FROM run_calls c JOIN runs r ON r.id = c.run_id WHERE c.kind = 'respond' AND c.key = ? AND c.status IN ('pending', 'running') AND r.status IN ('running', 'paused')`);
  const calls: PlannedCall[] = [];
  const estimates: ActorEstimate[] = [];
  for (const modelId of request.models) {
    const model = models.get(modelId)!;
    let planned = 0;
    let skipped = 0;
    let tokensIn = 0;
    let tokensOut = 0;
    for (const item of chosen) {
      const userTurns = JSON.parse(item.u) as string[];
      for (let run = 1; run <= request.runs; run++) {
        const key = `${modelId}|${item.id}|${run}`;
        const already = existing.get(modelId, item.id, run, responseIdFor(modelId, item.id, run)) || open.get(key);
        if (already) {
          skipped++;
          continue;
        }
        planned++;
        calls.push({ kind: "respond", actor: modelId, endpointId: model.endpoint_id, key, model: model.model, templateHash: null, itemId: item.id, runNumber: run });
        // Every turn re-sends the dialogue so far: the system prompt, the user turns and the model's own earlier turns.
        const call = { kind: "respond" as const, decoding: { model: model.model, temperature: 0, maxTokens: 0, seed: null }, systemPrompt: model.system_prompt!, userTurns, turnsSoFar: [] };
        for (let turn = 0; turn < userTurns.length; turn++) {
          const request = respondRequest(call, Array(turn).fill("x".repeat(TURN_OUTPUT_TOKENS * CHARS_PER_TOKEN)));
          tokensIn += tokens(request.messages.reduce((m, x) => m + x.content.length, 0));
          tokensOut += TURN_OUTPUT_TOKENS;
        }
      }
    }
    estimates.push({ actor: modelId, endpoint: model.endpoint, calls: planned, skipped, tokensIn, tokensOut, cost: cost(model, tokensIn, tokensOut) });
  }
  return {
    references: [],
    title: `Responses of ${request.models.join(", ")} (${request.runs} run${request.runs === 1 ? "" : "s"})`,
    spec: { ...request, rubricVersions: Object.fromEntries(versions) },
    calls,
    estimate: summarise(estimates, `${CHARS_PER_TOKEN} characters a token; ${TURN_OUTPUT_TOKENS} tokens an assistant turn`),
  };
}
