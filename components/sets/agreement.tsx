import type { SetOverview } from "@/lib/server/sets/getSetOverview";
import { dimensionLabel, fmt, percent } from "@/lib/format";

/** "both clinicians", "all 3 clinicians": never "all 2 clinicians". */
const everyClinician = (n: number) => (n === 1 ? "the one clinician" : n === 2 ? "both clinicians" : `all ${n} clinicians`);

const cell = "px-4 py-2 text-right tabular-nums";
const head = "px-4 py-2 font-semibold";

/** The consensus and the clinicians' agreement, as the engine computed them (docs/metrics.md#agreement-among-clinicians). */
export function Agreement({ overview }: { overview: SetOverview }) {
  const { agreement: a, units, names } = overview;
  const dimensions = Object.entries(a.by_dimension);
  return (
    <section aria-labelledby="agreement-heading" className="space-y-6">
      <h2 id="agreement-heading" className="text-lg font-semibold text-slate-900">
        Consensus and agreement
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {[
          { term: "Units with a consensus", value: `${units.withConsensus} of ${units.total}` },
          { term: "Consensus: satisfied / not satisfied", value: `${units.satisfied} / ${units.notSatisfied}` },
          { term: "Units without one (a tie or fewer than two labels)", value: String(units.noConsensus) },
        ].map((entry) => (
          <div key={entry.term} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{entry.term}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{entry.value}</dd>
          </div>
        ))}
      </dl>

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="px-4 pt-3 text-left text-slate-700">
            Over the complete units (labeled by {everyClinician(a.raters.length)} who labeled anything). A dash: not defined yet.
          </caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className={head}>Units</th>
              <th scope="col" className={`${head} text-right`}>Complete units</th>
              <th scope="col" className={`${head} text-right`}>Fleiss κ</th>
              <th scope="col" className={`${head} text-right`}>Gwet AC1</th>
              <th scope="col" className={`${head} text-right`}>Percent agreement</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <tr className="font-semibold">
              <th scope="row" className="px-4 py-2">All dimensions</th>
              <td className={cell}>{a.units}</td>
              <td className={cell}>{fmt(a.fleiss_kappa)}</td>
              <td className={cell}>{fmt(a.gwet_ac1)}</td>
              <td className={cell}>{percent(a.percent_agreement)}</td>
            </tr>
            {dimensions.map(([dimension, d]) => (
              <tr key={dimension}>
                <th scope="row" className="px-4 py-2 font-normal">{dimensionLabel(dimension)}</th>
                <td className={cell}>{d.units}</td>
                <td className={cell}>{fmt(d.fleiss_kappa)}</td>
                <td className={cell}>{fmt(d.gwet_ac1)}</td>
                <td className={cell}>{percent(d.percent_agreement)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {a.pairwise.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-3 text-left text-slate-700">Pairs of clinicians, over the units both labeled</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className={head}>Pair</th>
                <th scope="col" className={`${head} text-right`}>Units</th>
                <th scope="col" className={`${head} text-right`}>Cohen κ</th>
                <th scope="col" className={`${head} text-right`}>Agreement</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {a.pairwise.map((p) => (
                <tr key={p.raters.join()}>
                  <th scope="row" className="px-4 py-2 font-normal">{p.raters.map((r) => names[r] ?? r).join(" & ")}</th>
                  <td className={cell}>{p.units}</td>
                  <td className={cell}>{fmt(p.kappa)}</td>
                  <td className={cell}>{percent(p.agreement)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
