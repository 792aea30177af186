import type { RunEstimate } from "@/lib/server/runs/planRun";
import { count, dollars } from "./format";

const th = "px-4 py-2.5 font-semibold";
const num = "px-4 py-2.5 text-right tabular-nums";

/** What a run would do, per judge or model: calls, calls already stored, tokens and cost. */
export function RunEstimateView({ estimate }: { estimate: RunEstimate }) {
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Estimated calls, tokens and cost per judge or model</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={th}>Judge or model</th>
              <th scope="col" className={th}>Endpoint</th>
              <th scope="col" className={`${th} text-right`}>Calls</th>
              <th scope="col" className={`${th} text-right`}>Skipped (stored)</th>
              <th scope="col" className={`${th} text-right`}>Tokens in</th>
              <th scope="col" className={`${th} text-right`}>Tokens out</th>
              <th scope="col" className={`${th} text-right`}>Cost</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {estimate.actors.map((a) => (
              <tr key={a.actor}>
                <th scope="row" className="px-4 py-2.5 font-medium text-slate-900">{a.actor}</th>
                <td className="px-4 py-2.5">{a.endpoint}</td>
                <td className={num}>{count(a.calls)}</td>
                <td className={num}>{count(a.skipped)}</td>
                <td className={num}>{count(a.tokensIn)}</td>
                <td className={num}>{count(a.tokensOut)}</td>
                <td className={num}>{dollars(a.cost)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold">
            <tr>
              <th scope="row" colSpan={2} className="px-4 py-2.5">All</th>
              <td className={num}>{count(estimate.calls)}</td>
              <td className={num}>{count(estimate.skipped)}</td>
              <td className={num}>{count(estimate.tokensIn)}</td>
              <td className={num}>{count(estimate.tokensOut)}</td>
              <td className={num}>{dollars(estimate.cost)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-sm text-slate-600">
        How it is estimated: {estimate.basis}.{estimate.cost === null ? " No endpoint of this run has prices, so there is no cost." : ""}
      </p>
      {estimate.calls === 0 ? <p className="text-slate-800">Every call of this run already has a stored result: there is nothing to do.</p> : null}
    </div>
  );
}
