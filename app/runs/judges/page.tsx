import type { Metadata } from "next";
import { DescribedFamilies } from "@/components/runs/described-families";
import { JudgesAdmin } from "@/components/runs/judges-admin";
import { NeedsEndpoint } from "@/components/runs/needs-endpoint";
import { RunsTabs } from "@/components/runs/runs-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_NAME } from "@/lib/runs/template";
import { listCalibrationSets } from "@/lib/server/sets/listCalibrationSets";
import { listEndpoints } from "@/lib/server/endpoints/listEndpoints";
import { listDescribed } from "@/lib/server/models/listDescribed";
import { listJudges } from "@/lib/server/models/listJudges";
import { DEFAULT_JUDGE_MAX_TOKENS } from "@/lib/server/models/schema";

export const metadata: Metadata = { title: "Judges" };

export default async function RunJudgesPage() {
  await requirePageUser("lead");
  const ctx = await getCtx();
  const [judges, endpoints, sets, described] = await Promise.all([
    listJudges({ ctx }), listEndpoints({ ctx }), listCalibrationSets({ ctx }), listDescribed({ ctx, input: { kind: "judge" } }),
  ]);
  return (
    <>
      <PageHeader title="Judges">
        The LLM judges Concord can run: each gives, for one criterion at a time, a verdict and a one-sentence rationale. Once a judge has
        run calls, its endpoint, model, decoding and template stay as they were.
      </PageHeader>
      <RunsTabs />
      {endpoints.length === 0 ? (
        <NeedsEndpoint what="judge" />
      ) : (
        <JudgesAdmin
          judges={judges}
          endpoints={endpoints.map(({ id, name }) => ({ id, name }))}
          sets={sets.map(({ id, name }) => ({ id, name }))}
          defaults={{ maxTokens: DEFAULT_JUDGE_MAX_TOKENS, templateName: DEFAULT_TEMPLATE_NAME, templateBody: DEFAULT_TEMPLATE }}
        />
      )}
      <DescribedFamilies kind="judge" rows={described} />
    </>
  );
}
