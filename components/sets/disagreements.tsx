import { Notice } from "@/components/ui/notice";
import type { SplitItem } from "@/lib/server/sets/listDisagreements";
import type { SplitRateRow } from "@/lib/server/sets/listSplitRates";
import { dimensionLabel, percent } from "@/lib/format";
import { ResponseDialogue } from "./response-dialogue";

const verdictText = (verdict: boolean) => (verdict ? "Satisfied" : "Not satisfied");

/** Units where clinicians split, by item and criterion, with their rationales side by side. */
export function Disagreements({ setId, items, rates }: { setId: number; items: SplitItem[]; rates: SplitRateRow[] }) {
  const total = items.reduce((n, item) => n + item.splits, 0);
  return (
    <section aria-labelledby="splits-heading" className="space-y-4">
      <h2 id="splits-heading" className="text-lg font-semibold text-slate-900">
        Where clinicians split ({total} unit{total === 1 ? "" : "s"})
      </h2>
      {items.length === 0 ? (
        <Notice tone="info">No unit has split verdicts yet.</Notice>
      ) : (
        <>
          <p className="max-w-prose text-slate-700">
            A criterion that splits clinicians again and again is probably ambiguous: worth a look by its rubric&apos;s authors.
          </p>
          <SplitRates rates={rates} />
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item.item}>
                <details className="rounded-lg border border-slate-200 bg-white">
                  <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">
                    <span className="font-mono">{item.item}</span> — {item.splits} split unit{item.splits === 1 ? "" : "s"} over {item.criteria.length}{" "}
                    {item.criteria.length === 1 ? "criterion" : "criteria"}
                  </summary>
                  <div className="space-y-4 border-t border-slate-100 px-4 py-3">
                    {item.criteria.map((criterion) => (
                      <div key={criterion.id}>
                        <h3 className="font-medium text-slate-900">
                          {criterion.text} <span className="text-sm font-normal text-slate-600">({dimensionLabel(criterion.dimension)}, {criterion.id})</span>
                        </h3>
                        <div className="mt-2 overflow-x-auto">
                          <table className="w-full text-left text-sm">
                            <caption className="sr-only">Split verdicts on “{criterion.text}”</caption>
                            <thead className="text-slate-700">
                              <tr>
                                <th scope="col" className="py-1 pr-4 font-semibold">Response</th>
                                <th scope="col" className="py-1 pr-4 font-semibold">Consensus</th>
                                <th scope="col" className="py-1 font-semibold">Clinicians</th>
                              </tr>
                            </thead>
                            <tbody className="divide-y divide-slate-100">
                              {criterion.units.map((unit) => (
                                <tr key={unit.response} className="align-top">
                                  <th scope="row" className="py-2 pr-4 font-normal">
                                    <ResponseDialogue setId={setId} response={unit.response} criterion={criterion.text} />
                                  </th>
                                  <td className="py-2 pr-4">{unit.consensus === null ? "None (tie)" : verdictText(unit.consensus)}</td>
                                  <td className="py-2">
                                    <ul className="grid gap-2 sm:grid-cols-3">
                                      {unit.labels.map((label) => (
                                        <li key={label.rater} className="rounded border border-slate-200 px-2 py-1">
                                          <span className="font-medium">{label.name}:</span> {verdictText(label.verdict)}
                                          {label.rationale ? <p className="text-slate-700">“{label.rationale}”</p> : null}
                                        </li>
                                      ))}
                                    </ul>
                                  </td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        </div>
                      </div>
                    ))}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The criteria clinicians split on, most often first: where to look for an ambiguous wording. */
function SplitRates({ rates }: { rates: SplitRateRow[] }) {
  const split = rates.filter((r) => r.splits > 0);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left font-semibold text-slate-900">
          Criteria by split rate: the share of their units, labeled by two clinicians or more, where clinicians split
        </caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">Criterion</th>
            <th scope="col" className="px-4 py-2 font-semibold">Item</th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">Split units</th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">Split rate</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {split.map((r) => (
            <tr key={r.criterion}>
              <th scope="row" className="px-4 py-2 font-normal">
                {r.text} <span className="text-slate-600">({dimensionLabel(r.dimension)})</span>
              </th>
              <td className="px-4 py-2 font-mono">{r.item}</td>
              <td className="px-4 py-2 text-right tabular-nums">
                {r.splits} of {r.units}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{percent(r.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
