import Link from "next/link";
import type { PanelDetail as Detail } from "@/lib/server/reports/getPanelDetail";
import { ScrollBox } from "./scroll-box";
import { secondaryButtonClass } from "@/components/ui/styles";
import { dimensionLabel, fmt } from "@/lib/format";
import { tableClass, tdClass, thClass } from "./format";
import { FiguresTable } from "./figures-table";
import { IntervalLine } from "./interval";
import { plural } from "@/lib/wording";
import { ResponseDialogue } from "@/components/sets/response-dialogue";

const said = (verdict: boolean | null) => (verdict === null ? "—" : verdict ? "Satisfied" : "Not satisfied");

/** One panel up close: rank, figures, interval, confusion matrix and every disagreement with the consensus. */
export function PanelDetail({ detail }: { detail: Detail }) {
  const { evaluation, confusion } = detail;
  const shown = detail.heldOut ? evaluation.reported_figures : evaluation.figures;
  const where = detail.heldOut ? "on the held-out private-split items" : "on every item of the set";
  return (
    <div className="space-y-10">
      <section aria-labelledby="standing" className="space-y-3">
        <h2 id="standing" className="text-xl font-semibold text-slate-900">Standing</h2>
        <p className="text-slate-800">
          Rank <strong>{evaluation.rank}</strong> of {evaluation.panels_ranked} panels{detail.heldOut ? " on the public split" : ""}: κ{" "}
          <strong className="tabular-nums">{fmt(evaluation.figures.kappa, 4)}</strong>, macro-F1 {fmt(evaluation.figures.macro_f1, 4)}, AC1{" "}
          {fmt(evaluation.figures.gwet_ac1)}, accuracy {fmt(evaluation.figures.accuracy)} over {evaluation.figures.units} units ({evaluation.figures.excluded} excluded).
          {detail.heldOut && evaluation.reported_figures ? ` Held out (private split): κ ${fmt(evaluation.reported_figures.kappa, 4)}, macro-F1 ${fmt(evaluation.reported_figures.macro_f1, 4)}.` : ""}
        </p>
        <IntervalLine interval={evaluation.interval} />
        <Link href={`/calibration/sets/${detail.set.id}/freeze?${new URLSearchParams({ judges: detail.judges.join(","), selection: detail.selection, panelSize: String(detail.panelSize), minCoverage: String(detail.minCoverage) })}`} className={secondaryButtonClass}>
          Freeze this panel…
        </Link>
      </section>
      {shown ? (
        <section aria-labelledby="by-dimension" className="space-y-3">
          <h2 id="by-dimension" className="text-xl font-semibold text-slate-900">By dimension</h2>
          <FiguresTable figures={shown} caption={`κ and macro-F1 against the clinician consensus ${where}.`} />
        </section>
      ) : null}
      <section aria-labelledby="confusion" className="space-y-3">
        <h2 id="confusion" className="text-xl font-semibold text-slate-900">Against the consensus</h2>
        <ScrollBox label="Confusion matrix" className="max-w-lg">
          <table className={tableClass}>
            <caption className="px-3 pt-3 text-left text-sm text-slate-600">Confusion matrix {where}: units by the panel&apos;s verdict and the consensus.</caption>
            <thead className="bg-slate-50">
              <tr>
                <td className={thClass} />
                <th scope="col" className={`${thClass} text-right`}>Consensus: satisfied</th>
                <th scope="col" className={`${thClass} text-right`}>Consensus: not satisfied</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <tr>
                <th scope="row" className="px-3 py-2 font-medium">Panel: satisfied</th>
                <td className={`${tdClass} text-right`}>{confusion.n11}</td>
                <td className={`${tdClass} text-right`}>{confusion.n10}</td>
              </tr>
              <tr>
                <th scope="row" className="px-3 py-2 font-medium">Panel: not satisfied</th>
                <td className={`${tdClass} text-right`}>{confusion.n01}</td>
                <td className={`${tdClass} text-right`}>{confusion.n00}</td>
              </tr>
            </tbody>
          </table>
        </ScrollBox>
        <p className="text-sm text-slate-600">{plural(detail.noPanelVerdict, "unit")} with a consensus had no panel majority (a tie or missing verdicts) and are left out.</p>
      </section>
      <section aria-labelledby="disagreements" className="space-y-3">
        <h2 id="disagreements" className="text-xl font-semibold text-slate-900">Where the panel disagrees ({detail.disagreements.length})</h2>
        <p className="text-slate-700">Heaviest criterion first: a missed high-weight criterion matters more than a light one.</p>
        {detail.disagreements.length === 0 ? (
          <p className="text-slate-700">The panel agrees with the consensus on every unit it has a verdict on.</p>
        ) : (
          <ScrollBox label="Disagreements, scrollable" className="max-h-[36rem] overflow-y-auto">
            <table className={tableClass}>
              <caption className="sr-only">Units where the panel and the consensus differ</caption>
              <thead className="sticky top-0 bg-slate-50">
                <tr>
                  <th scope="col" className={`${thClass} text-right`}>Weight</th>
                  <th scope="col" className={thClass}>Criterion</th>
                  <th scope="col" className={thClass}>Consensus</th>
                  <th scope="col" className={thClass}>Panel</th>
                  {detail.judges.map((judge) => (
                    <th key={judge} scope="col" className={`${thClass} whitespace-nowrap`}>{judge}</th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {detail.disagreements.map((d) => (
                  <tr key={`${d.response}|${d.criterion}`}>
                    <td className={`${tdClass} text-right font-semibold`}>{d.weight}</td>
                    <td className="min-w-72 px-3 py-2">
                      {d.text}
                      <span className="mt-0.5 block text-xs text-slate-600">
                        {dimensionLabel(d.dimension)} · <span className="font-mono">{d.item}</span>
                      </span>
                      <div className="mt-1 text-xs">
                        <ResponseDialogue setId={detail.set.id} response={d.response} criterion={d.text} />
                      </div>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{said(d.consensus)}</td>
                    <td className="px-3 py-2 font-medium whitespace-nowrap">{said(d.panel)}</td>
                    {d.verdicts.map((v, i) => (
                      <td key={detail.judges[i]} className="px-3 py-2 whitespace-nowrap">{said(v)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </section>
    </div>
  );
}
