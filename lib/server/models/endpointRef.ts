import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { endpoints } from "@/db/schema";
import { Invalid } from "@/lib/server/errors";

/** A judge or target model must name an endpoint that exists. */
export function requireEndpoint(tx: Pick<Tx, "select">, endpointId: number): void {
  if (!tx.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.id, endpointId)).get()) {
    throw new Invalid("Some fields are not valid.", [`endpointId: there is no endpoint #${endpointId}`]);
  }
}
