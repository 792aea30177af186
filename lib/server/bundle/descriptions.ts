import "server-only";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { descriptions } from "@/db/schema";
import type { Descriptors, JudgeRecord, ModelRecord } from "@/lib/bundle/schema";
import { judgeSettings } from "@/lib/server/runs/judgeSettings";

/** Stores a bundle's `model` and `judge` lines; a later line for the same id replaces the description. */
export function writeDescriptions(tx: Tx, descriptors: Descriptors): number {
  const rows = [
    ...descriptors.models.map((m) => ({ kind: "model" as const, id: m.id, family: m.family ?? null, name: m.name ?? null, model: null, settings: null })),
    ...descriptors.judges.map((j) => ({ kind: "judge" as const, id: j.id, family: j.family ?? null, name: null, model: j.model ?? null, settings: j.settings ?? null })),
  ];
  for (const row of rows) {
    tx.insert(descriptions)
      .values(row)
      .onConflictDoUpdate({ target: [descriptions.kind, descriptions.id], set: { family: row.family, name: row.name, model: row.model, settings: row.settings } })
      .run();
  }
  return rows.length;
}

const defined = <T extends object>(record: T): T => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined)) as T;

/**
 * The `model` and `judge` lines an export carries (docs/format.md, v2): Concord's own
 * target models and judges from their configuration (a judge's settings are what is
 * needed to run it again), then the descriptions imported for the others. With
 * `only`, just those ids.
 */
export function readDescriptors(db: Db | Tx, only?: { models: ReadonlySet<string>; judges: ReadonlySet<string> }): Descriptors {
  const models = new Map<string, ModelRecord>();
  const judges = new Map<string, JudgeRecord>();
  for (const d of db.select().from(descriptions).all()) {
    if (d.kind === "model") models.set(d.id, defined({ kind: "model", id: d.id, family: d.family ?? undefined, name: d.name ?? undefined }));
    else judges.set(d.id, defined({ kind: "judge", id: d.id, family: d.family ?? undefined, model: d.model ?? undefined, settings: d.settings ?? undefined }));
  }
  for (const m of db.all<{ id: string; family: string | null; model: string }>(sql`SELECT id, family, model FROM target_models`)) {
    models.set(m.id, defined({ kind: "model", id: m.id, family: m.family ?? undefined, name: models.get(m.id)?.name ?? m.model }));
  }
  for (const [id, s] of judgeSettings(db)) {
    judges.set(id, defined({ kind: "judge", id, family: s.family ?? undefined, model: s.model, settings: { ...s } }));
  }
  const pick = <T extends { id: string }>(map: Map<string, T>, ids?: ReadonlySet<string>) =>
    [...map.values()].filter((r) => !ids || ids.has(r.id)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { models: pick(models, only?.models), judges: pick(judges, only?.judges) };
}
