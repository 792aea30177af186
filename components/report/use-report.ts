"use client";

import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/http/apiFetch";
import type { Selection } from "@/lib/freeze/scope";
import type { SetReport } from "@/lib/server/reports/getReport";

/** What the lead chooses a report by. */
export interface ReportChoice {
  selection: Selection;
  panelSize: number;
  /** The least coverage of the consensus units a candidate judge needs, as a share 0..1. */
  minCoverage: number;
}

export interface ReportRequest extends ReportChoice {
  setId: number;
}

/** A report choice as URL query parameters (the report API and the pages read the same names). */
export function choiceQuery(choice: ReportChoice, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ selection: choice.selection, panelSize: String(choice.panelSize), minCoverage: String(choice.minCoverage), ...extra }).toString();
}

/** The report query the report and freeze pages share (same key, same cache). */
export function reportQuery({ setId, ...choice }: ReportRequest) {
  return queryOptions({
    queryKey: ["report", setId, choice.selection, choice.panelSize, choice.minCoverage],
    queryFn: () => apiFetch<SetReport>(`/api/sets/${setId}/report?${choiceQuery(choice)}`),
    staleTime: 60_000,
  });
}
