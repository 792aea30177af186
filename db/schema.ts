import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/*
 * Concord's whole domain (docs/domain.md), so later work extends rather than rewrites it.
 * Timestamps are epoch milliseconds. Actor columns (author, created_by, frozen_by…)
 * hold a user id or a system actor such as "cli", so they are plain text, not
 * foreign keys. Immutability of published versions and frozen panels is enforced by
 * triggers in drizzle/0001_immutability.sql, not only here.
 */

const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull();
const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>().notNull();

// ---------------------------------------------------------------- people

/**
 * One person. The id is stable and is also the `rater` id in bundles. A rater
 * imported from a bundle has neither email nor password hash: they cannot sign in
 * until a lead gives them both.
 */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  /**
   * Stored in every session token at sign-in; sign-out, a password reset, a role change
   * and a deactivation bump it, which ends every session issued before.
   */
  sessionVersion: integer("session_version").notNull().default(0),
  createdAt: createdAt(),
});

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["clinician", "author", "lead"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check("user_roles_role", sql`${t.role} IN ('clinician', 'author', 'lead')`)],
);

// ---------------------------------------------------------------- corpus

export const items = sqliteTable(
  "items",
  {
    id: text("id").primaryKey(),
    subcategory: text("subcategory").notNull(),
    age: text("age", { enum: ["U18", "O18"] }).notNull(),
    intent: text("intent", { enum: ["borderline", "explicit"] }).notNull(),
    stage: text("stage").notNull(),
    directness: text("directness", { enum: ["implicit", "explicit"] }).notNull(),
    split: text("split", { enum: ["public", "private"] }).notNull(),
    userTurns: json<string[]>("user_turns"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("items_subcategory").on(t.subcategory), index("items_split").on(t.split)],
);

/** A criterion's identity: it keeps its id across rubric versions and belongs to one item only. */
export const criteria = sqliteTable(
  "criteria",
  {
    id: text("id").primaryKey(),
    itemId: text("item_id").notNull().references(() => items.id),
  },
  (t) => [index("criteria_item").on(t.itemId)],
);

const versionColumns = () => ({
  id: integer("id").primaryKey({ autoIncrement: true }),
  itemId: text("item_id").notNull().references(() => items.id),
  version: integer("version").notNull(),
  status: text("status", { enum: ["draft", "published"] }).notNull(),
  author: text("author").notNull(),
  changeNote: text("change_note"),
  /** The published version a draft started from; a publish is refused if another version was published since. */
  baseVersion: integer("base_version"),
  createdAt: createdAt(),
  publishedAt: integer("published_at", { mode: "timestamp_ms" }),
});

/** One version of an item's rubric. Drafts carry the number they would be published as. */
export const rubricVersions = sqliteTable("rubric_versions", versionColumns(), (t) => [
  uniqueIndex("rubric_versions_published").on(t.itemId, t.version).where(sql`status = 'published'`),
  index("rubric_versions_item").on(t.itemId),
  check("rubric_versions_status", sql`${t.status} IN ('draft', 'published')`),
]);

export const rubricCriteria = sqliteTable(
  "rubric_criteria",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    rubricVersionId: integer("rubric_version_id").notNull().references(() => rubricVersions.id, { onDelete: "cascade" }),
    criterionId: text("criterion_id").notNull().references(() => criteria.id),
    position: integer("position").notNull(),
    dimension: text("dimension", {
      enum: ["identification", "compassionate_engagement", "de_escalation", "actionable_resources", "disclaimers", "moralization", "harmless_response"],
    }).notNull(),
    weight: integer("weight").notNull(),
    text: text("text").notNull(),
    provenance: text("provenance", { enum: ["model", "person"] }).notNull(),
    /** For a model-drafted criterion: still exactly as drafted. Null when written by a person. */
    keptAsDrafted: integer("kept_as_drafted", { mode: "boolean" }),
  },
  (t) => [
    uniqueIndex("rubric_criteria_version_criterion").on(t.rubricVersionId, t.criterionId),
    index("rubric_criteria_criterion").on(t.criterionId),
    check("rubric_criteria_weight", sql`${t.weight} BETWEEN 1 AND 20`),
    check("rubric_criteria_provenance", sql`${t.provenance} IN ('model', 'person')`),
  ],
);

export const referenceVersions = sqliteTable(
  "reference_versions",
  {
    ...versionColumns(),
    text: text("text").notNull(),
    /** The rubric version the reference was written against, when known. */
    rubricVersion: integer("rubric_version"),
  },
  (t) => [
    uniqueIndex("reference_versions_published").on(t.itemId, t.version).where(sql`status = 'published'`),
    index("reference_versions_item").on(t.itemId),
    check("reference_versions_status", sql`${t.status} IN ('draft', 'published')`),
  ],
);

/** A candidate response. `model` must never reach a clinician. */
export const responses = sqliteTable(
  "responses",
  {
    id: text("id").primaryKey(),
    itemId: text("item_id").notNull().references(() => items.id),
    model: text("model").notNull(),
    run: integer("run").notNull().default(1),
    assistantTurns: json<string[]>("assistant_turns"),
    createdAt: createdAt(),
  },
  (t) => [index("responses_item").on(t.itemId), index("responses_model").on(t.model)],
);

// ---------------------------------------------------------------- calibration

export const calibrationSets = sqliteTable(
  "calibration_sets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    seed: integer("seed").notNull(),
    status: text("status", { enum: ["open", "closed"] }).notNull().default("open"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
  },
  (t) => [check("calibration_sets_status", sql`${t.status} IN ('open', 'closed')`)],
);

/** A set's items, each with the rubric version pinned when the set was created. */
export const calibrationSetItems = sqliteTable(
  "calibration_set_items",
  {
    setId: integer("set_id").notNull().references(() => calibrationSets.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull().references(() => items.id),
    rubricVersionId: integer("rubric_version_id").notNull().references(() => rubricVersions.id),
  },
  (t) => [primaryKey({ columns: [t.setId, t.itemId] })],
);

export const calibrationSetResponses = sqliteTable(
  "calibration_set_responses",
  {
    setId: integer("set_id").notNull().references(() => calibrationSets.id, { onDelete: "cascade" }),
    responseId: text("response_id").notNull().references(() => responses.id),
  },
  (t) => [primaryKey({ columns: [t.setId, t.responseId] }), index("calibration_set_responses_response").on(t.responseId)],
);

export const calibrationSetClinicians = sqliteTable(
  "calibration_set_clinicians",
  {
    setId: integer("set_id").notNull().references(() => calibrationSets.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.setId, t.userId] }), index("calibration_set_clinicians_user").on(t.userId)],
);

/** That a clinician read the set's content notice before their first response of it. */
export const contentNotices = sqliteTable(
  "content_notices",
  {
    setId: integer("set_id").notNull().references(() => calibrationSets.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id),
    acknowledgedAt: integer("acknowledged_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.setId, t.userId] })],
);

/** Each clinician's own seeded order of the set's responses. */
export const calibrationQueue = sqliteTable(
  "calibration_queue",
  {
    setId: integer("set_id").notNull().references(() => calibrationSets.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id),
    responseId: text("response_id").notNull().references(() => responses.id),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.userId, t.responseId] }),
    uniqueIndex("calibration_queue_order").on(t.setId, t.userId, t.position),
    index("calibration_queue_user").on(t.userId),
  ],
);

/**
 * What a clinician says instead of, or beside, a verdict: a skipped response (with why:
 * too distressing, or they cannot judge it) or a criterion flagged as ambiguous (with a
 * comment). Neither is a label: consensus and agreement never read them. Only the
 * clinician who wrote one, the set's lead and the item's authors ever see it.
 */
export const labelingFlags = sqliteTable(
  "labeling_flags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    setId: integer("set_id").notNull().references(() => calibrationSets.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id),
    responseId: text("response_id").notNull().references(() => responses.id),
    /** The flagged criterion; null for a skip, which is about the whole response. */
    criterionId: text("criterion_id").references(() => criteria.id),
    kind: text("kind", { enum: ["skip", "ambiguous"] }).notNull(),
    reason: text("reason", { enum: ["too_distressing", "cannot_judge"] }),
    comment: text("comment"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    check(
      "labeling_flags_shape",
      sql`(${t.kind} = 'skip' AND ${t.criterionId} IS NULL AND ${t.reason} IN ('too_distressing', 'cannot_judge'))
        OR (${t.kind} = 'ambiguous' AND ${t.criterionId} IS NOT NULL AND ${t.reason} IS NULL AND ${t.comment} IS NOT NULL)`,
    ),
    uniqueIndex("labeling_flags_skip").on(t.setId, t.userId, t.responseId).where(sql`${t.kind} = 'skip'`),
    uniqueIndex("labeling_flags_ambiguous").on(t.setId, t.userId, t.responseId, t.criterionId).where(sql`${t.kind} = 'ambiguous'`),
    index("labeling_flags_response").on(t.responseId),
  ],
);

/**
 * A clinician's verdict on one unit (response, criterion) of one calibration set,
 * given on the rubric version the set pinned. The same clinician labels the same
 * response separately in each set that holds it. `set_id` is null for a label that
 * belongs to no set: a bundle's label on a unit no calibration set holds (the corpus's
 * set-less view, docs/format.md).
 */
export const labels = sqliteTable(
  "labels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    setId: integer("set_id").references(() => calibrationSets.id, { onDelete: "cascade" }),
    raterId: text("rater_id").notNull().references(() => users.id),
    responseId: text("response_id").notNull().references(() => responses.id),
    criterionId: text("criterion_id").notNull().references(() => criteria.id),
    verdict: integer("verdict", { mode: "boolean" }).notNull(),
    rationale: text("rationale"),
    /**
     * When the stored verdict was given, epoch ms: the clinician's own `givenAt` for a
     * verdict saved in the app (refused if later than the server's clock plus a small
     * skew), the server's time for an imported one. Orders writes on one unit: a save
     * given earlier than this is stale. `updated_at` stays the server's receipt time.
     */
    givenAt: integer("given_at").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("labels_set_unit_rater").on(t.setId, t.raterId, t.responseId, t.criterionId).where(sql`${t.setId} IS NOT NULL`),
    uniqueIndex("labels_unit_rater").on(t.raterId, t.responseId, t.criterionId).where(sql`${t.setId} IS NULL`),
    index("labels_set_rater").on(t.setId, t.raterId),
    index("labels_response").on(t.responseId),
    index("labels_criterion").on(t.criterionId),
  ],
);

/** A candidate LLM judge's verdict on one unit; null when the judge's answer could not be parsed. */
export const judgeVerdicts = sqliteTable(
  "judge_verdicts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    judge: text("judge").notNull(),
    responseId: text("response_id").notNull().references(() => responses.id),
    criterionId: text("criterion_id").notNull().references(() => criteria.id),
    verdict: integer("verdict", { mode: "boolean" }),
    rationale: text("rationale"),
    /**
     * The rubric version (criterion wording) the judge was shown. A set uses only the
     * verdicts on its pinned versions; an imported verdict is on the item's published
     * version at import time.
     */
    rubricVersionId: integer("rubric_version_id").notNull().references(() => rubricVersions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("judge_verdicts_unit_judge").on(t.judge, t.responseId, t.criterionId, t.rubricVersionId),
    index("judge_verdicts_response").on(t.responseId),
    index("judge_verdicts_criterion").on(t.criterionId),
  ],
);

// ---------------------------------------------------------------- the freeze

/** The panel-selection rule a lead pre-registers for a set before seeing verdicts. */
export const selectionRules = sqliteTable("selection_rules", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  setId: integer("set_id").notNull().unique().references(() => calibrationSets.id),
  rule: text("rule").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});

/** A frozen judge panel: an immutable, recorded decision (triggers refuse UPDATE and DELETE). */
export const frozenPanels = sqliteTable(
  "frozen_panels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    setId: integer("set_id").notNull().references(() => calibrationSets.id),
    judges: json<string[]>("judges"),
    panelSize: integer("panel_size").notNull(),
    figures: json<Record<string, unknown>>("figures"),
    rank: integer("rank").notNull(),
    /** Item id → pinned rubric version number. */
    rubricVersions: json<Record<string, number>>("rubric_versions"),
    /** SHA-256 (hex) of the exact consensus labels and verdicts used. */
    fingerprint: text("fingerprint").notNull(),
    /** The pre-registered selection rule at freeze time, if any. */
    rule: text("rule"),
    rationale: text("rationale").notNull(),
    /** Judge id → how to run it again (endpoint name, model, family, decoding, prompt template hash); null before runs existed. */
    judgeSettings: text("judge_settings", { mode: "json" }).$type<Record<string, unknown>>(),
    supersedesId: integer("supersedes_id").references((): AnySQLiteColumn => frozenPanels.id),
    supersedeReason: text("supersede_reason"),
    frozenBy: text("frozen_by").notNull(),
    frozenAt: integer("frozen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("frozen_panels_set").on(t.setId), uniqueIndex("frozen_panels_supersedes").on(t.supersedesId)],
);

/**
 * The exact inputs of a freeze, kept with it: the set's bundle (items, pinned rubric
 * versions, responses, labels, verdicts) at freeze time, so `verify-freeze` can check
 * the record long after the set's labels or verdicts changed. Immutable like the record.
 */
export const freezeSnapshots = sqliteTable("freeze_snapshots", {
  freezeId: integer("freeze_id").primaryKey().references(() => frozenPanels.id),
  bundle: text("bundle").notNull(),
  /** SHA-256 (hex) of the bundle text's UTF-8 bytes. */
  sha256: text("sha256").notNull(),
});

// ---------------------------------------------------------------- runs

/**
 * An OpenAI-compatible server. The API key is never stored: `api_key_env` names the
 * environment variable that holds it.
 */
export const endpoints = sqliteTable(
  "endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
    baseUrl: text("base_url").notNull(),
    apiKeyEnv: text("api_key_env"),
    maxConcurrency: integer("max_concurrency").notNull().default(4),
    /** Null: no limit of our own. */
    requestsPerMinute: integer("requests_per_minute"),
    timeoutMs: integer("timeout_ms").notNull().default(60_000),
    /** US dollars per million tokens, when known. */
    priceInputPerM: real("price_input_per_m"),
    priceOutputPerM: real("price_output_per_m"),
    /** How to ask for JSON: a JSON schema, JSON mode, or plain text with extraction. Lowered when the server refuses. */
    responseFormat: text("response_format", { enum: ["json_schema", "json_object", "text"] }).notNull().default("json_schema"),
    /** A simulator (the demo's), shown as such wherever its results appear. */
    simulated: integer("simulated", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("endpoints_response_format", sql`${t.responseFormat} IN ('json_schema', 'json_object', 'text')`),
    check("endpoints_concurrency", sql`${t.maxConcurrency} BETWEEN 1 AND 1024`),
  ],
);

/** A judge prompt template; a version never changes once written (triggers). */
export const promptTemplates = sqliteTable(
  "prompt_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    /** SHA-256 (hex) of the body's UTF-8 bytes. */
    sha256: text("sha256").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("prompt_templates_name_version").on(t.name, t.version)],
);

const decodingColumns = () => ({
  endpointId: integer("endpoint_id").notNull().references(() => endpoints.id),
  /** The model name the endpoint knows. */
  model: text("model").notNull(),
  /** Provider family, for the same-family check. */
  family: text("family"),
  temperature: real("temperature").notNull().default(0),
  maxTokens: integer("max_tokens").notNull(),
  /** Sent where the server supports it. */
  seed: integer("seed"),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});

/** A candidate judge Concord can run; `id` is the judge id verdicts carry. */
export const judges = sqliteTable("judges", {
  id: text("id").primaryKey(),
  ...decodingColumns(),
  promptTemplateId: integer("prompt_template_id").notNull().references(() => promptTemplates.id),
});

/** A model whose responses Concord can generate; `id` is the model id responses carry. */
export const targetModels = sqliteTable("target_models", {
  id: text("id").primaryKey(),
  ...decodingColumns(),
  systemPrompt: text("system_prompt").notNull(),
});

/** A run: judge a set, generate responses, grade, judge a flow study's conversations, or simulate conversations; its calls are rows of `run_calls`. */
export const runs = sqliteTable(
  "runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["judge", "respond", "grade", "flow_judge", "simulate"] }).notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: ["running", "paused", "cancelled", "done"] }).notNull(),
    /** Why the run stopped by itself (an endpoint refused its key, say), shown on the run page. */
    statusNote: text("status_note"),
    /** What was asked for: set, judges, items, models, runs. */
    spec: json<Record<string, unknown>>("spec"),
    /** Calls, estimated tokens and cost when it was started. */
    estimate: json<Record<string, unknown>>("estimate"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [check("runs_kind", sql`${t.kind} IN ('judge', 'respond', 'grade', 'flow_judge', 'simulate')`), check("runs_status", sql`${t.status} IN ('running', 'paused', 'cancelled', 'done')`)],
);

/**
 * One call of a run: a judge on one unit (response, criterion, rubric version), or a
 * target model on one item and run (one request per assistant turn, the turns so far
 * kept in `parsed`), or a judge on one flow-rubric question of one conversation (`flow`:
 * the next question's call is added when this one's answer is stored), or one turn of a
 * simulated conversation (`turn`: the next turn's call is added when this one is
 * stored). `running` calls
 * belong to the live worker; a worker that starts puts any it finds back to `pending`
 * (their result was never stored).
 */
export const runCalls = sqliteTable(
  "run_calls",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    runId: integer("run_id").notNull().references(() => runs.id),
    kind: text("kind", { enum: ["judge", "respond", "flow", "turn"] }).notNull(),
    /** The judge or target model id. */
    actor: text("actor").notNull(),
    endpointId: integer("endpoint_id").notNull().references(() => endpoints.id),
    /** Unique within the run: `judge|unit|version`, `model|item|run`, `judge|conversation|question` or `target|persona|run|turn`. */
    key: text("key").notNull(),
    responseId: text("response_id"),
    /** A judge call on a graded reference (reference_responses) instead of a response. */
    referenceId: text("reference_id"),
    criterionId: text("criterion_id"),
    rubricVersionId: integer("rubric_version_id"),
    itemId: text("item_id"),
    runNumber: integer("run_number"),
    /** A flow call's conversation (vera_conversations) and rubric question id; a turn call's conversation to be. */
    conversationId: text("conversation_id"),
    questionId: text("question_id"),
    /** A turn call's persona, the other model of its conversation, and the turn (from 0; the user model's are even). */
    persona: text("persona"),
    partner: text("partner"),
    turn: integer("turn"),
    status: text("status", { enum: ["pending", "running", "done", "missing", "failed", "cancelled"] }).notNull().default("pending"),
    model: text("model").notNull(),
    /** SHA-256 of the judge's prompt template body. */
    templateHash: text("template_hash"),
    /** SHA-256 of the request body first sent (model, messages, decoding); for a response, of its last turn's request. */
    requestHash: text("request_hash"),
    /** The last raw answer text. */
    raw: text("raw"),
    parsed: text("parsed", { mode: "json" }).$type<unknown>(),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    latencyMs: integer("latency_ms"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("run_calls_key").on(t.runId, t.key),
    index("run_calls_run_status").on(t.runId, t.status),
    // A run's next calls for one endpoint, in order: what the worker claims.
    index("run_calls_pending").on(t.status, t.runId, t.endpointId, t.id),
    check("run_calls_status", sql`${t.status} IN ('pending', 'running', 'done', 'missing', 'failed', 'cancelled')`),
  ],
);

/**
 * An item's published reference as the last assistant turn of a dialogue, for the
 * reference ceiling of a grading (docs/scoring.md#the-reference-ceiling). Kept apart
 * from `responses` so it is never a model's response anywhere else. The earlier
 * assistant turns of a multi-turn item come from `filledFrom`, one model's response.
 */
export const referenceResponses = sqliteTable(
  "reference_responses",
  {
    id: text("id").primaryKey(),
    itemId: text("item_id").notNull().references(() => items.id),
    referenceVersionId: integer("reference_version_id").notNull().references(() => referenceVersions.id),
    /** The response whose earlier assistant turns precede the reference; null for a single-turn item. */
    filledFrom: text("filled_from").references(() => responses.id),
    assistantTurns: json<string[]>("assistant_turns"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reference_responses_source").on(t.referenceVersionId, t.filledFrom), index("reference_responses_item").on(t.itemId)],
);

/** A panel judge's verdict on one unit of a graded reference; null when the answer could not be parsed. */
export const referenceVerdicts = sqliteTable(
  "reference_verdicts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    judge: text("judge").notNull(),
    referenceId: text("reference_id").notNull().references(() => referenceResponses.id),
    criterionId: text("criterion_id").notNull().references(() => criteria.id),
    verdict: integer("verdict", { mode: "boolean" }),
    rationale: text("rationale"),
    rubricVersionId: integer("rubric_version_id").notNull().references(() => rubricVersions.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reference_verdicts_unit_judge").on(t.judge, t.referenceId, t.criterionId, t.rubricVersionId)],
);

/**
 * Change counters kept by triggers (drizzle/0008_leaderboard.sql) on what a grading
 * reads, so the leaderboard knows cheaply whether its input changed: `v:JUDGE:VERSION`
 * for verdicts (responses' and references') of a judge on a rubric version,
 * `r:MODEL` for a model's responses, `run:ID` for a run, and one per table for items,
 * descriptions, judges, target models, endpoints and reference responses. Counters only grow.
 */
export const changeCounters = sqliteTable("change_counters", {
  key: text("key").primaryKey(),
  n: integer("n").notNull(),
});

/**
 * What bundles' `model` and `judge` lines say of who produced responses and verdicts
 * (provider family, display name, the judge's model and settings), for models and
 * judges Concord does not run itself. Concord's own judges and target models are
 * described by their configuration.
 */
export const descriptions = sqliteTable(
  "descriptions",
  {
    kind: text("kind", { enum: ["model", "judge"] }).notNull(),
    id: text("id").notNull(),
    family: text("family"),
    /** A model's display name. */
    name: text("name"),
    /** The model a judge runs. */
    model: text("model"),
    settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] }), check("descriptions_kind", sql`${t.kind} IN ('model', 'judge')`)],
);

/** The one live run worker of this database: whoever holds a fresh heartbeat. */
export const runWorker = sqliteTable("run_worker", {
  id: integer("id").primaryKey(),
  owner: text("owner").notNull(),
  heartbeatAt: integer("heartbeat_at").notNull(),
});

// ---------------------------------------------------------------- flow studies (VERA-MH, docs/flow.md)

/** One version of a flow rubric (a VERA-MH `rubric.tsv`): a new upload under the same name is the next version. */
export const veraRubrics = sqliteTable(
  "vera_rubrics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    /** The file as uploaded; parsed again (lib/flow) wherever it is used. */
    source: text("source").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vera_rubrics_version").on(t.name, t.version)],
);

/** A whole conversation (a VERA-MH transcript), keyed by its file name's leading id. */
export const veraConversations = sqliteTable("vera_conversations", {
  id: text("id").primaryKey(),
  fileName: text("file_name").notNull(),
  persona: text("persona"),
  userModel: text("user_model"),
  /** The evaluated model: never shown to clinicians. */
  providerModel: text("provider_model"),
  /** The persona's risk level, when the import says it. */
  riskLevel: text("risk_level"),
  turns: json<{ speaker: "user" | "chatbot"; text: string }[]>("turns"),
  /** The `[CONVERSATION ENDED - …]` line, if any. */
  endMarker: text("end_marker"),
  createdAt: createdAt(),
});

export const veraStudies = sqliteTable(
  "vera_studies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    rubricId: integer("rubric_id").notNull().references(() => veraRubrics.id),
    mode: text("mode", { enum: ["direct", "guided"] }).notNull(),
    seed: integer("seed").notNull(),
    perConversation: integer("per_conversation").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("vera_studies_mode", sql`${t.mode} IN ('direct', 'guided')`)],
);

export const veraStudyClinicians = sqliteTable(
  "vera_study_clinicians",
  {
    studyId: integer("study_id").notNull().references(() => veraStudies.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id),
    /** When the clinician read the content notice; null before. */
    noticeAt: integer("notice_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.userId] }), index("vera_study_clinicians_user").on(t.userId)],
);

/** A conversation assigned to a clinician, at a place of their own queue. */
export const veraAssignments = sqliteTable(
  "vera_assignments",
  {
    studyId: integer("study_id").notNull().references(() => veraStudies.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id),
    conversationId: text("conversation_id").notNull().references(() => veraConversations.id),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.userId, t.conversationId] }), uniqueIndex("vera_assignments_order").on(t.studyId, t.userId, t.position)],
);

/**
 * A rating of one (conversation, dimension) unit in a study: given in Concord by a
 * clinician (`rater` = their user id), or imported from VERA-MH's clinician ratings
 * CSV (`rater` = its clinician_id, with the row's provider model and risk level).
 * `dimension` is the index of the rubric's dimension.
 */
export const veraRatings = sqliteTable(
  "vera_ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    studyId: integer("study_id").notNull().references(() => veraStudies.id, { onDelete: "cascade" }),
    rater: text("rater").notNull(),
    conversationId: text("conversation_id").notNull(),
    dimension: integer("dimension").notNull(),
    /** lib/flow/categories codes: 0 best_practice, 1 suboptimal, 2 high_harm, 3 not_relevant. */
    category: integer("category").notNull(),
    /** The question that decided it (guided mode). */
    firstFailure: text("first_failure"),
    source: text("source", { enum: ["app", "import"] }).notNull(),
    providerModel: text("provider_model"),
    riskLevel: text("risk_level"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("vera_ratings_unit_rater").on(t.studyId, t.rater, t.conversationId, t.dimension), check("vera_ratings_category", sql`${t.category} BETWEEN 0 AND 3`)],
);

/** A clinician's answer to one rubric question of a conversation (guided mode). */
export const veraAnswers = sqliteTable(
  "vera_answers",
  {
    studyId: integer("study_id").notNull().references(() => veraStudies.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id),
    conversationId: text("conversation_id").notNull().references(() => veraConversations.id),
    questionId: text("question_id").notNull(),
    answer: text("answer").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.userId, t.conversationId, t.questionId] })],
);

/**
 * VERA-MH personas (`personas.tsv`) with the prompt template a user model role-plays
 * them with, imported together under a name; a new upload under the name is its next
 * version. `personas` holds lib/flow/personas' parsed rows.
 */
export const veraPersonaSets = sqliteTable(
  "vera_persona_sets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    template: text("template").notNull(),
    personas: json<{ line: number; name: string; riskLevel: string; fields: Record<string, string> }[]>("personas"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vera_persona_sets_version").on(t.name, t.version)],
);

/** One judge instance's rating of one dimension of a conversation, from VERA-MH's `results.csv`. */
export const veraJudgeResults = sqliteTable(
  "vera_judge_results",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: text("conversation_id").notNull(),
    fileName: text("file_name").notNull(),
    runId: text("run_id").notNull(),
    judgeModel: text("judge_model").notNull(),
    judgeInstance: text("judge_instance").notNull(),
    judgeId: text("judge_id").notNull(),
    /** The dimension's full name, as the results file writes it. */
    dimension: text("dimension").notNull(),
    category: integer("category").notNull(),
    yesQuestionId: text("yes_question_id"),
    reasoning: text("reasoning"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vera_judge_results_unit").on(t.runId, t.judgeModel, t.judgeInstance, t.conversationId, t.dimension)],
);

// ---------------------------------------------------------------- audit

/** Every write: who, when, what. `detail` holds the change, e.g. `{ old, new }` for a label. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actor: text("actor").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    detail: text("detail", { mode: "json" }).$type<unknown>(),
  },
  (t) => [index("audit_log_entity").on(t.entity, t.entityId), index("audit_log_at").on(t.at)],
);
