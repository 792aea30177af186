import type { PanelInterval } from "@/lib/freeze/evaluate";
import { signed } from "@/lib/format";

/** Whether an interval for Δκ = κ(this) − κ(other) separates the two panels, in plain words. */
export function intervalVerdict(ci95: [number, number] | null, subject: string, other: string): string {
  if (!ci95) return `The interval is undefined (too few items with a consensus): nothing can be said about ${subject} against ${other}.`;
  if (ci95[0] > 0) return `The interval lies above zero: ${subject} agrees with the clinicians measurably better than ${other} on this set.`;
  if (ci95[1] < 0) return `The interval lies below zero: ${other} agrees with the clinicians measurably better than ${subject} on this set.`;
  return `The interval includes zero: ${subject} and ${other} are not distinguishable on this set. Choosing between them is a judgement to record, not a measured difference.`;
}

/** A panel's Δκ against its nearest rival, with the interval and what it means. */
export function IntervalLine({ interval }: { interval: PanelInterval | null }) {
  if (!interval) return <p className="text-slate-700">There is no other panel to compare this one with.</p>;
  const other = `rank ${interval.against_rank} (${interval.against.join(", ")})`;
  const [low, high] = interval.ci95 ?? [null, null];
  return (
    <div className="space-y-1 text-slate-800">
      <p>
        Against {other}: Δκ <strong className="tabular-nums">{signed(interval.delta_kappa)}</strong>, 95% CI{" "}
        <strong className="tabular-nums">[{signed(low)}, {signed(high)}]</strong>
        <span className="text-slate-600"> ({interval.resamples.toLocaleString("en-GB")} item-level bootstrap resamples, seed {interval.seed}).</span>
      </p>
      <p className="font-medium">{intervalVerdict(interval.ci95, "this panel", other)}</p>
    </div>
  );
}
