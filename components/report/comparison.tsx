import type { CalibrationReport } from "@/lib/calibration/report";
import { intervalVerdict } from "./interval";
import { signed } from "@/lib/format";

/** Rank 1 against rank 2: Δκ with its paired-bootstrap 95% interval and what it means. */
export function Comparison({ comparison }: { comparison: CalibrationReport["comparison"] }) {
  if (!comparison) return <p className="text-slate-700">There are fewer than two panels, so there is nothing to compare.</p>;
  const [low, high] = comparison.ci95 ?? [null, null];
  return (
    <div className="space-y-2 text-slate-800">
      <p>
        Rank 1 (<span className="font-medium">{comparison.a.join(", ")}</span>) against rank 2 (
        <span className="font-medium">{comparison.b.join(", ")}</span>): Δκ{" "}
        <strong className="tabular-nums">{signed(comparison.delta_kappa)}</strong>, 95% CI{" "}
        <strong className="tabular-nums">[{signed(low)}, {signed(high)}]</strong>
        <span className="text-slate-600"> ({comparison.resamples.toLocaleString("en-GB")} item-level bootstrap resamples, seed {comparison.seed}).</span>
      </p>
      <p className="font-medium">{intervalVerdict(comparison.ci95, "rank 1", "rank 2")}</p>
    </div>
  );
}
