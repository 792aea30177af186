import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { endpoints } from "@/db/schema";
import { endpointKey } from "@/lib/runs/client";
import { NotFound } from "@/lib/server/errors";

type EndpointRow = typeof endpoints.$inferSelect;

/** An endpoint as the lead sees it: its settings and whether its key variable is set (never the key). */
export interface EndpointView {
  id: number;
  name: string;
  baseUrl: string;
  apiKeyEnv: string | null;
  /** Whether `apiKeyEnv` is set in Concord's environment now. */
  keySet: boolean;
  maxConcurrency: number;
  requestsPerMinute: number | null;
  timeoutMs: number;
  priceInputPerM: number | null;
  priceOutputPerM: number | null;
  responseFormat: EndpointRow["responseFormat"];
  simulated: boolean;
  createdBy: string;
  createdAt: Date;
}

export function endpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    apiKeyEnv: row.apiKeyEnv,
    keySet: endpointKey(row) !== null,
    maxConcurrency: row.maxConcurrency,
    requestsPerMinute: row.requestsPerMinute,
    timeoutMs: row.timeoutMs,
    priceInputPerM: row.priceInputPerM,
    priceOutputPerM: row.priceOutputPerM,
    responseFormat: row.responseFormat,
    simulated: row.simulated,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

export function readEndpoint(tx: Pick<Tx, "select">, id: number): EndpointRow {
  const row = tx.select().from(endpoints).where(eq(endpoints.id, id)).get();
  if (!row) throw new NotFound(`There is no endpoint #${id}.`);
  return row;
}

export function readEndpoints(tx: Pick<Tx, "select">): EndpointView[] {
  return tx.select().from(endpoints).orderBy(asc(endpoints.name)).all().map(endpointView);
}
