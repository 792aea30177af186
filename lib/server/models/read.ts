import "server-only";
import { asc, count, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { endpoints, judges, promptTemplates, runCalls, targetModels } from "@/db/schema";
import { NotFound } from "@/lib/server/errors";

export interface Decoding {
  endpointId: number;
  endpointName: string;
  /** The endpoint is a simulator (the demo's): this actor's results are simulated. */
  simulated: boolean;
  model: string;
  family: string | null;
  temperature: number;
  maxTokens: number;
  seed: number | null;
}

export interface JudgeView extends Decoding {
  id: string;
  template: { id: number; name: string; version: number; sha256: string; body: string };
  /** Run calls so far; with any, the endpoint, model, decoding and template are fixed. */
  calls: number;
  createdAt: Date;
}

export interface TargetModelView extends Decoding {
  id: string;
  systemPrompt: string;
  calls: number;
  createdAt: Date;
}

const callsOf = (kind: "judge" | "respond") => (tx: Pick<Tx, "select">) =>
  new Map(
    tx
      .select({ actor: runCalls.actor, n: count() })
      .from(runCalls)
      .where(eq(runCalls.kind, kind))
      .groupBy(runCalls.actor)
      .all()
      .map((r) => [r.actor, r.n]),
  );

const decodingColumns = (t: typeof judges | typeof targetModels) => ({
  endpointId: t.endpointId,
  endpointName: endpoints.name,
  simulated: endpoints.simulated,
  model: t.model,
  family: t.family,
  temperature: t.temperature,
  maxTokens: t.maxTokens,
  seed: t.seed,
  createdAt: t.createdAt,
});

export function readJudges(tx: Pick<Tx, "select">, id?: string): JudgeView[] {
  const calls = callsOf("judge")(tx);
  const query = tx
    .select({
      id: judges.id,
      ...decodingColumns(judges),
      template: { id: promptTemplates.id, name: promptTemplates.name, version: promptTemplates.version, sha256: promptTemplates.sha256, body: promptTemplates.body },
    })
    .from(judges)
    .innerJoin(endpoints, eq(endpoints.id, judges.endpointId))
    .innerJoin(promptTemplates, eq(promptTemplates.id, judges.promptTemplateId));
  const rows = (id === undefined ? query : query.where(eq(judges.id, id))).orderBy(asc(judges.id)).all();
  return rows.map((row) => ({ ...row, calls: calls.get(row.id) ?? 0 }));
}

export function readJudge(tx: Pick<Tx, "select">, id: string): JudgeView {
  const [judge] = readJudges(tx, id);
  if (!judge) throw new NotFound(`There is no judge "${id}".`);
  return judge;
}

export function readTargetModels(tx: Pick<Tx, "select">, id?: string): TargetModelView[] {
  const calls = callsOf("respond")(tx);
  const query = tx
    .select({ id: targetModels.id, ...decodingColumns(targetModels), systemPrompt: targetModels.systemPrompt })
    .from(targetModels)
    .innerJoin(endpoints, eq(endpoints.id, targetModels.endpointId));
  const rows = (id === undefined ? query : query.where(eq(targetModels.id, id))).orderBy(asc(targetModels.id)).all();
  return rows.map((row) => ({ ...row, calls: calls.get(row.id) ?? 0 }));
}

export function readTargetModel(tx: Pick<Tx, "select">, id: string): TargetModelView {
  const [model] = readTargetModels(tx, id);
  if (!model) throw new NotFound(`There is no target model "${id}".`);
  return model;
}
