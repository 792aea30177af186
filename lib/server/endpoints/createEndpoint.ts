import "server-only";
import { getDb } from "@/db/client";
import { endpoints } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { endpointView, readEndpoint, type EndpointView } from "./read";
import { EndpointFields } from "./schema";
import { refuseNameClash } from "./unique";

/** Adds an OpenAI-compatible endpoint. */
export async function createEndpoint({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<EndpointView> {
  const lead = requireRole(ctx, "lead");
  const fields = EndpointFields.parse(input);
  return getDb().transaction(
    (tx) => {
      refuseNameClash(tx, fields.name, null);
      const now = new Date();
      const { id } = tx.insert(endpoints).values({ ...fields, createdBy: lead.id, createdAt: now }).returning({ id: endpoints.id }).get();
      audit(tx, { actor: lead.id, action: "endpoint.create", entity: "endpoint", entityId: id, detail: fields }, now);
      return endpointView(readEndpoint(tx, id));
    },
    { behavior: "immediate" },
  );
}
