import { Notice } from "@/components/ui/notice";
import type { CalibrationReport } from "@/lib/calibration/report";
import { share } from "@/lib/format";

/** The share of the consensus units rank 1 may leave without a panel verdict before the report warns. */
const EXCLUDED_WARNING = 0.01;

/**
 * Which judges stay out of panels and why (too few verdicts on the consensus units),
 * and a warning when the top panel itself leaves out more than 1 % of those units.
 */
export function CandidateNotice({ report }: { report: CalibrationReport }) {
  const out = report.judges.filter((judge) => !judge.candidate);
  const top = report.panels[0];
  const consensusUnits = report.units.with_consensus;
  const topExcluded = top && consensusUnits > 0 ? top.excluded / consensusUnits : 0;
  if (out.length === 0 && topExcluded <= EXCLUDED_WARNING) return null;
  return (
    <section aria-labelledby="candidates" className="space-y-3">
      <h2 id="candidates" className="text-xl font-semibold text-slate-900">Judges left out of panels</h2>
      {out.length > 0 ? (
        <Notice tone="info">
          <p>
            A judge enters panels only when it has a verdict on at least {share(report.min_coverage)} of the {consensusUnits} units with a consensus:
            a judge with few verdicts would let its panels drop the hard units where the other judges split.
          </p>
          <ul className="mt-2 list-disc pl-6">
            {out.map((judge) => (
              <li key={judge.judge}>
                <strong>{judge.judge}</strong> is not a candidate: verdicts on {judge.units} of {consensusUnits} units ({share(judge.coverage)} coverage).
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {top && topExcluded > EXCLUDED_WARNING ? (
        <Notice tone="error" title="The top panel leaves out more than 1 % of the consensus units.">
          Panel {top.judges.join(", ")} has no verdict (a tie or missing verdicts) on {top.excluded} of {consensusUnits} units ({share(topExcluded)}); its figures are
          computed without them. Check those judges&apos; missing verdicts before freezing it.
        </Notice>
      ) : null}
    </section>
  );
}
