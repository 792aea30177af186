import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { targetModels } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireEndpoint } from "./endpointRef";
import { readTargetModel, type TargetModelView } from "./read";
import { TargetModelFields } from "./schema";

/** Adds a model whose responses Concord can generate. */
export async function createTargetModel({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<TargetModelView> {
  const lead = requireRole(ctx, "lead");
  const fields = TargetModelFields.parse(input);
  return getDb().transaction(
    (tx) => {
      if (tx.select({ id: targetModels.id }).from(targetModels).where(eq(targetModels.id, fields.id)).get()) {
        throw new Conflict(`A target model with the id "${fields.id}" already exists; edit it or choose another id.`);
      }
      requireEndpoint(tx, fields.endpointId);
      const now = new Date();
      tx.insert(targetModels).values({ ...fields, createdBy: lead.id, createdAt: now }).run();
      audit(tx, { actor: lead.id, action: "target_model.create", entity: "target_model", entityId: fields.id, detail: fields }, now);
      return readTargetModel(tx, fields.id);
    },
    { behavior: "immediate" },
  );
}
