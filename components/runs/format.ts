import type { RunSummary } from "@/lib/server/runs/listRuns";

export const KIND_LABELS: Record<RunSummary["kind"], string> = {
  judge: "Judge a calibration set",
  respond: "Generate responses",
  grade: "Grade with a frozen panel",
  flow_judge: "Judge conversations with a flow rubric",
  simulate: "Simulate conversations with personas",
};

export const STATUS_LABELS: Record<RunSummary["status"], string> = { running: "Running", paused: "Paused", cancelled: "Cancelled", done: "Done" };

const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

export function when(ms: number | null): string {
  return ms === null ? "—" : DATE_TIME.format(ms);
}

export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** US dollars; null (an endpoint without prices) as a dash. */
export function dollars(cost: number | null): string {
  return cost === null ? "—" : `$${cost.toFixed(2)}`;
}

/** Seconds left as a person reads them; null (nothing settled lately) as a dash. */
export function eta(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
