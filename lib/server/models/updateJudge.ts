import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { judges } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { changedSettings, refuseChangeOnceCalled } from "./calls";
import { requireEndpoint } from "./endpointRef";
import { readJudge, type JudgeView } from "./read";
import { JudgeFields } from "./schema";
import { templateVersion } from "./templates";

const FIXED_ONCE_CALLED = ["endpointId", "model", "temperature", "maxTokens", "seed", "templateId"] as const;

/**
 * Changes a judge. A template body its template has no version of is written as the
 * next version. Once the judge has run calls only its family may change.
 */
export async function updateJudge({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<JudgeView> {
  const lead = requireRole(ctx, "lead");
  const { id, template, ...fields } = JudgeFields.parse(input);
  return getDb().transaction(
    (tx) => {
      const before = readJudge(tx, id);
      requireEndpoint(tx, fields.endpointId);
      const version = templateVersion(tx, lead.id, template.name, template.body);
      const changed = changedSettings({ ...before, templateId: before.template.id }, { ...before, ...fields, templateId: version.id }, FIXED_ONCE_CALLED);
      refuseChangeOnceCalled("judge", id, before.calls, changed.map((key) => (key === "templateId" ? "template" : key)));
      tx.update(judges).set({ ...fields, promptTemplateId: version.id }).where(eq(judges.id, id)).run();
      const after = readJudge(tx, id);
      audit(tx, { actor: lead.id, action: "judge.update", entity: "judge", entityId: id, detail: { old: settingsOf(before), new: settingsOf(after) } });
      return after;
    },
    { behavior: "immediate" },
  );
}

function settingsOf(judge: JudgeView) {
  const { template, endpointId, model, family, temperature, maxTokens, seed } = judge;
  return { endpointId, model, family, temperature, maxTokens, seed, template: { name: template.name, version: template.version, sha256: template.sha256 } };
}
