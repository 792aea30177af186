import "server-only";
import { getDb } from "@/db/client";
import { endpointClient, endpointKey } from "@/lib/runs/client";
import { connectionFailure, type FailureContext } from "@/lib/runs/connectionFailure";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readEndpoint } from "./read";
import { TestEndpointInput } from "./schema";

export interface ConnectionStep {
  step: "models" | "chat";
  ok: boolean;
  latencyMs: number;
  /** What happened, as a sentence. */
  message: string;
}

export interface ConnectionTest {
  ok: boolean;
  /** The first failure's sentence, or what worked. */
  message: string;
  apiKeyEnv: string | null;
  /** Whether the key variable is set; its value is never read out. */
  keySet: boolean;
  /** The model ids the server lists (at most 50), null when the list could not be read. */
  models: string[] | null;
  steps: ConnectionStep[];
}

const MAX_MODELS_SHOWN = 50;

/**
 * Tries an endpoint the way a run will use it: reads its model list and, when a model
 * is given, asks that model for a one-token chat completion. Nothing is stored.
 */
export async function testEndpoint({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ConnectionTest> {
  requireRole(ctx, "lead");
  const { endpointId, model } = TestEndpointInput.parse(input);
  const endpoint = readEndpoint(getDb(), endpointId);
  const keySet = endpointKey(endpoint) !== null;
  const client = endpointClient(endpoint);
  const context = (step: FailureContext["step"]): FailureContext => ({ ...endpoint, keySet, step });
  const steps: ConnectionStep[] = [];
  let models: string[] | null = null;

  const listed = await timed(() => client.models.list());
  if (listed.ok) {
    models = listed.value.data.map((m) => m.id).slice(0, MAX_MODELS_SHOWN);
    const count = listed.value.data.length;
    steps.push({ step: "models", ok: true, latencyMs: listed.latencyMs, message: `The server lists ${count} model${count === 1 ? "" : "s"}.` });
  } else {
    steps.push({ step: "models", ok: false, latencyMs: listed.latencyMs, message: connectionFailure(listed.error, context({ kind: "models" })) });
  }

  if (model !== null) {
    const asked = await timed(() => client.chat.completions.create({ model, messages: [{ role: "user", content: "Reply with OK." }], max_tokens: 1 }));
    const unlisted = models !== null && !models.includes(model) ? ` (the server does not list "${model}")` : "";
    steps.push(
      asked.ok
        ? { step: "chat", ok: true, latencyMs: asked.latencyMs, message: `"${model}" answered a one-token chat completion${unlisted}.` }
        : { step: "chat", ok: false, latencyMs: asked.latencyMs, message: connectionFailure(asked.error, context({ kind: "chat", model })) },
    );
  }

  const failed = steps.find((s) => !s.ok);
  const total = steps.reduce((sum, s) => sum + s.latencyMs, 0);
  return {
    ok: !failed,
    message: failed ? failed.message : `Connected in ${total} ms. ${steps.map((s) => s.message).join(" ")}`,
    apiKeyEnv: endpoint.apiKeyEnv,
    keySet,
    models,
    steps,
  };
}

type Timed<T> = { ok: true; value: T; latencyMs: number } | { ok: false; error: unknown; latencyMs: number };

async function timed<T>(run: () => Promise<T>): Promise<Timed<T>> {
  const start = performance.now();
  const latency = () => Math.round(performance.now() - start);
  try {
    const value = await run();
    return { ok: true, value, latencyMs: latency() };
  } catch (error) {
    return { ok: false, error, latencyMs: latency() };
  }
}
