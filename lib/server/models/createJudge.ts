import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { judges } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireEndpoint } from "./endpointRef";
import { readJudge, type JudgeView } from "./read";
import { JudgeFields } from "./schema";
import { templateVersion } from "./templates";

/** Adds a judge Concord can run; without a template it gets Concord's default one. */
export async function createJudge({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<JudgeView> {
  const lead = requireRole(ctx, "lead");
  const { template, ...fields } = JudgeFields.parse(input);
  return getDb().transaction(
    (tx) => {
      if (tx.select({ id: judges.id }).from(judges).where(eq(judges.id, fields.id)).get()) {
        throw new Conflict(`A judge with the id "${fields.id}" already exists; edit it or choose another id.`);
      }
      requireEndpoint(tx, fields.endpointId);
      const version = templateVersion(tx, lead.id, template.name, template.body);
      const now = new Date();
      tx.insert(judges).values({ ...fields, promptTemplateId: version.id, createdBy: lead.id, createdAt: now }).run();
      audit(tx, { actor: lead.id, action: "judge.create", entity: "judge", entityId: fields.id, detail: { ...fields, template: version } }, now);
      return readJudge(tx, fields.id);
    },
    { behavior: "immediate" },
  );
}
