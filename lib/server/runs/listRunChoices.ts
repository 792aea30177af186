import "server-only";
import { getDb } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

/** A configured judge or target model, as the new-run form offers it. */
export interface RunActorChoice {
  id: string;
  model: string;
  endpoint: string;
  simulated: boolean;
}

/** What a new run can be made of: the configured judges and models, the sets, the frozen panels, the flow studies and the persona sets. */
export interface RunChoices {
  judges: RunActorChoice[];
  models: RunActorChoice[];
  sets: { id: number; name: string; status: "open" | "closed" }[];
  freezes: { id: number; setName: string; judges: string[]; frozenAt: number }[];
  /** Items with a published rubric: what response and grading runs cover by default. */
  publishedItems: number;
  /** Flow-rubric studies, for a flow judge run. */
  studies: { id: number; name: string; conversations: number }[];
  /** Imported persona sets (every version), for a simulation run. */
  personaSets: { id: number; name: string; version: number; personas: number }[];
}

/** The new-run form's choices (lead only). */
export async function listRunChoices({ ctx }: { ctx: Ctx }): Promise<RunChoices> {
  requireRole(ctx, "lead");
  const c = getDb().$client;
  const actors = (table: "judges" | "target_models") =>
    (c.prepare(`SELECT a.id, a.model, e.name AS endpoint, e.simulated FROM ${table} a JOIN endpoints e ON e.id = a.endpoint_id ORDER BY a.id`).all() as (Omit<RunActorChoice, "simulated"> & { simulated: number })[]).map(
      (row) => ({ ...row, simulated: row.simulated === 1 }),
    );
  const freezes = c
    .prepare("SELECT f.id, s.name AS setName, f.judges, f.frozen_at AS frozenAt FROM frozen_panels f JOIN calibration_sets s ON s.id = f.set_id ORDER BY f.id DESC")
    .all() as { id: number; setName: string; judges: string; frozenAt: number }[];
  return {
    judges: actors("judges"),
    models: actors("target_models"),
    sets: c.prepare("SELECT id, name, status FROM calibration_sets ORDER BY id").all() as RunChoices["sets"],
    freezes: freezes.map((f) => ({ ...f, judges: JSON.parse(f.judges) as string[] })),
    publishedItems: (c.prepare("SELECT count(DISTINCT item_id) AS n FROM rubric_versions WHERE status = 'published'").get() as { n: number }).n,
    studies: c
      .prepare(`SELECT s.id, s.name, (SELECT count(*) FROM vera_conversations c WHERE c.id IN
          (SELECT conversation_id FROM vera_assignments a WHERE a.study_id = s.id UNION SELECT conversation_id FROM vera_ratings r WHERE r.study_id = s.id)) AS conversations
        FROM vera_studies s ORDER BY s.id`)
      .all() as RunChoices["studies"],
    personaSets: c.prepare("SELECT id, name, version, json_array_length(personas) AS personas FROM vera_persona_sets ORDER BY name, version DESC").all() as RunChoices["personaSets"],
  };
}
