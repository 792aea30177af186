import "server-only";
import type { Tx } from "@/db/client";
import { endpoints, judges, targetModels } from "@/db/schema";
import type { DemoSimulatorSetup } from "@/lib/demo/types";
import { DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_NAME } from "@/lib/runs/template";
import { audit } from "@/lib/server/audit";
import { DEFAULT_JUDGE_MAX_TOKENS, DEFAULT_SYSTEM_PROMPT, DEFAULT_TARGET_MAX_TOKENS } from "@/lib/server/models/schema";
import { templateVersion } from "@/lib/server/models/templates";

/** Writes the demo simulator's endpoint (marked simulated, no key), its judges on the default template and its target models. */
export function insertSimulator(tx: Tx, setup: DemoSimulatorSetup, actor: string, now: Date): void {
  const { id: endpointId } = tx
    .insert(endpoints)
    .values({ ...setup.endpoint, apiKeyEnv: null, responseFormat: "json_schema", simulated: true, createdBy: actor, createdAt: now })
    .returning({ id: endpoints.id })
    .get();
  const template = templateVersion(tx, actor, DEFAULT_TEMPLATE_NAME, DEFAULT_TEMPLATE);
  const decoding = { endpointId, temperature: 0, seed: null, createdBy: actor, createdAt: now };
  if (setup.judges.length > 0) tx.insert(judges).values(setup.judges.map((j) => ({ ...j, ...decoding, maxTokens: DEFAULT_JUDGE_MAX_TOKENS, promptTemplateId: template.id }))).run();
  if (setup.models.length > 0) tx.insert(targetModels).values(setup.models.map((m) => ({ ...m, ...decoding, maxTokens: DEFAULT_TARGET_MAX_TOKENS, systemPrompt: DEFAULT_SYSTEM_PROMPT }))).run();
  audit(tx, { actor, action: "demo.simulator", entity: "endpoint", entityId: endpointId, detail: { ...setup.endpoint, judges: setup.judges.map((j) => j.id), models: setup.models.map((m) => m.id) } }, now);
}
