import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { endpoints } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { endpointView, readEndpoint, type EndpointView } from "./read";
import { UpdateEndpointInput } from "./schema";
import { refuseNameClash } from "./unique";

/**
 * Changes an endpoint's settings. Its judges and target models keep pointing at it;
 * the model, decoding and template behind their verdicts are theirs, not the endpoint's.
 */
export async function updateEndpoint({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<EndpointView> {
  const lead = requireRole(ctx, "lead");
  const { id, ...fields } = UpdateEndpointInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const before = endpointView(readEndpoint(tx, id));
      refuseNameClash(tx, fields.name, id);
      tx.update(endpoints).set(fields).where(eq(endpoints.id, id)).run();
      const after = endpointView(readEndpoint(tx, id));
      audit(tx, { actor: lead.id, action: "endpoint.update", entity: "endpoint", entityId: id, detail: { old: pick(before, fields), new: fields } });
      return after;
    },
    { behavior: "immediate" },
  );
}

/** The same settings as `fields`, as they were before. */
function pick<T extends object>(before: EndpointView, fields: T): Partial<EndpointView> {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, before[key as keyof EndpointView]]));
}
