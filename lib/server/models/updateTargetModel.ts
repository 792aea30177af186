import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { targetModels } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { changedSettings, refuseChangeOnceCalled } from "./calls";
import { requireEndpoint } from "./endpointRef";
import { readTargetModel, type TargetModelView } from "./read";
import { TargetModelFields } from "./schema";

const FIXED_ONCE_CALLED = ["endpointId", "model", "temperature", "maxTokens", "seed", "systemPrompt"] as const;

/** Changes a target model; once it has run calls only its family may change. */
export async function updateTargetModel({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<TargetModelView> {
  const lead = requireRole(ctx, "lead");
  const { id, ...fields } = TargetModelFields.parse(input);
  return getDb().transaction(
    (tx) => {
      const before = readTargetModel(tx, id);
      requireEndpoint(tx, fields.endpointId);
      refuseChangeOnceCalled("target model", id, before.calls, changedSettings(before, { ...before, ...fields }, FIXED_ONCE_CALLED));
      tx.update(targetModels).set(fields).where(eq(targetModels.id, id)).run();
      const after = readTargetModel(tx, id);
      audit(tx, { actor: lead.id, action: "target_model.update", entity: "target_model", entityId: id, detail: { old: settingsOf(before), new: settingsOf(after) } });
      return after;
    },
    { behavior: "immediate" },
  );
}

function settingsOf({ endpointId, model, family, temperature, maxTokens, seed, systemPrompt }: TargetModelView) {
  return { endpointId, model, family, temperature, maxTokens, seed, systemPrompt };
}
