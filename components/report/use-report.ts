"use client";

import { queryOptions } from "@tanstack/react-query";
import type { Selection } from "@/lib/freeze/scope";
import type { SetReport } from "@/lib/server/panels/getReport";

export interface ReportRequest {
  setId: number;
  selection: Selection;
  panelSize: number;
}

/** GETs JSON, turning a failure into an Error carrying the server's sentence. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.error ?? `The server answered ${response.status}.`);
  return body as T;
}

/** The report query the report and freeze pages share (same key, same cache). */
export function reportQuery({ setId, selection, panelSize }: ReportRequest) {
  return queryOptions({
    queryKey: ["report", setId, selection, panelSize],
    queryFn: () => getJson<SetReport>(`/api/sets/${setId}/report?${new URLSearchParams({ selection, panelSize: String(panelSize) })}`),
    staleTime: 60_000,
  });
}
