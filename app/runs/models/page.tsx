import type { Metadata } from "next";
import { DescribedFamilies } from "@/components/runs/described-families";
import { ModelsAdmin } from "@/components/runs/models-admin";
import { NeedsEndpoint } from "@/components/runs/needs-endpoint";
import { RunsTabs } from "@/components/runs/runs-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listEndpoints } from "@/lib/server/endpoints/listEndpoints";
import { listDescribed } from "@/lib/server/models/listDescribed";
import { listTargetModels } from "@/lib/server/models/listTargetModels";
import { DEFAULT_SYSTEM_PROMPT, DEFAULT_TARGET_MAX_TOKENS } from "@/lib/server/models/schema";

export const metadata: Metadata = { title: "Target models" };

export default async function RunModelsPage() {
  await requirePageUser("lead");
  const ctx = await getCtx();
  const [models, endpoints, described] = await Promise.all([listTargetModels({ ctx }), listEndpoints({ ctx }), listDescribed({ ctx, input: { kind: "model" } })]);
  return (
    <>
      <PageHeader title="Target models">
        The models whose responses Concord can generate: single-turn items with the system prompt, multi-turn items with every assistant
        turn regenerated in order. Once a model has run calls, its endpoint, model, decoding and system prompt stay as they were.
      </PageHeader>
      <RunsTabs />
      {endpoints.length === 0 ? (
        <NeedsEndpoint what="model" />
      ) : (
        <ModelsAdmin models={models} endpoints={endpoints.map(({ id, name }) => ({ id, name }))} defaults={{ maxTokens: DEFAULT_TARGET_MAX_TOKENS, systemPrompt: DEFAULT_SYSTEM_PROMPT }} />
      )}
      <DescribedFamilies kind="model" rows={described} />
    </>
  );
}
