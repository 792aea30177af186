import type { RunEstimate } from "@/lib/server/runs/planRun";
import { count, dollars } from "./format";
import { cellClass, numClass, numeric, RunTable } from "./run-table";

/** What a run would do, per judge or model: calls, calls already stored, tokens and cost. */
export function RunEstimateView({ estimate }: { estimate: RunEstimate }) {
  const figures = (e: Pick<RunEstimate, "calls" | "skipped" | "tokensIn" | "tokensOut" | "cost">) =>
    [count(e.calls), count(e.skipped), count(e.tokensIn), count(e.tokensOut), dollars(e.cost)].map((text, i) => <td key={i} className={numClass}>{text}</td>);
  return (
    <div className="space-y-3">
      <RunTable
        caption="Estimated calls, tokens and cost per judge or model"
        columns={["Judge or model", "Endpoint", ...numeric("Calls", "Skipped (stored)", "Tokens in", "Tokens out", "Cost")]}
        foot={
          <tr>
            <th scope="row" colSpan={2} className={cellClass}>All</th>
            {figures(estimate)}
          </tr>
        }
      >
        {estimate.actors.map((a) => (
          <tr key={a.actor}>
            <th scope="row" className={`${cellClass} font-medium text-slate-900`}>{a.actor}</th>
            <td className={cellClass}>{a.endpoint}</td>
            {figures(a)}
          </tr>
        ))}
      </RunTable>
      <p className="text-sm text-slate-600">
        How it is estimated: {estimate.basis}.{estimate.cost === null ? " No endpoint of this run has prices, so there is no cost." : ""}
      </p>
      {estimate.calls === 0 ? <p className="text-slate-800">Every call of this run already has a stored result: there is nothing to do.</p> : null}
    </div>
  );
}
