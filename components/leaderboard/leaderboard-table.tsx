import Link from "next/link";
import { ScrollBox } from "@/components/report/scroll-box";
import { fmt, percent } from "@/lib/format";
import { tableClass, tdClass, thClass } from "@/components/report/format";
import type { ModelFigures, ReferenceCeiling, ScoreReport } from "@/lib/scoring/report";
import { DefLink, type Definition } from "./definitions";
import { boardHref, type BoardQuery } from "./params";

/** The orders the table can be sorted in; rank (the leaderboard's own order) by default. */
export const SORTS: Record<string, { label: string; compare: (a: ModelFigures, b: ModelFigures) => number }> = {
  rank: { label: "Rank", compare: (a, b) => a.rank - b.rank },
  model: { label: "Model", compare: (a, b) => (a.model < b.model ? -1 : a.model > b.model ? 1 : 0) },
  all_met: { label: "All met", compare: (a, b) => (b.all_met ?? -1) - (a.all_met ?? -1) || a.rank - b.rank },
  gap: { label: "G(m)", compare: (a, b) => (a.gap.share ?? 2) - (b.gap.share ?? 2) || a.rank - b.rank },
  empty: { label: "Empty", compare: (a, b) => (a.empty_share ?? 2) - (b.empty_share ?? 2) || a.rank - b.rank },
};

function SortHeader({ sort, current, runId, query, to, right = true }: { sort: string; current: string; runId: number; query: BoardQuery; to: Definition; right?: boolean }) {
  const active = sort === current;
  return (
    <th scope="col" className={`${thClass} ${right ? "text-right" : ""}`} aria-sort={active ? (sort === "model" ? "ascending" : "descending") : undefined}>
      <Link href={boardHref(runId, { ...query, sort })} className="underline decoration-slate-300 hover:decoration-slate-700">
        {SORTS[sort].label}
        {active ? " ▾" : ""}
      </Link>
      <DefLink to={to} what={SORTS[sort].label} />
    </th>
  );
}

/** A row's figures after its model cell; `families`: the family-excluded cell's text, or null without the column. */
function FigureCells({ m, families }: { m: ReferenceCeiling; families: string | null }) {
  return (
    <>
      <td className={`${tdClass} text-right font-semibold`}>{fmt(m.score)}</td>
      <td className={`${tdClass} text-right`}>{m.ci95 ? `[${fmt(m.ci95[0])}, ${fmt(m.ci95[1])}]` : "—"}</td>
      <td className={`${tdClass} text-right`}>{percent(m.all_met)}</td>
      <td className={`${tdClass} text-right`} title={`${m.gap.not_referred} of ${m.gap.identified} fully identified responses not referred`}>
        {percent(m.gap.share)} <span className="text-slate-600">({m.gap.not_referred}/{m.gap.identified})</span>
      </td>
      <td className={`${tdClass} text-right`}>
        {percent(m.empty_share)} <span className="text-slate-600">({m.empty})</span>
      </td>
      {families !== null ? <td className={`${tdClass} text-right`}>{families}</td> : null}
      <td className={`${tdClass} text-right`}>{m.items}</td>
      <td className={`${tdClass} text-right`}>
        {m.responses}
        {m.unscored > 0 ? <span className="text-slate-600"> ({m.unscored} unscored)</span> : null}
      </td>
    </>
  );
}

/** Rank, band, model, score with its interval, all-met, G(m), empty responses and the family-excluded score; the reference ceiling, when graded, apart below. */
export function LeaderboardTable({ report, runId, query }: { report: ScoreReport; runId: number; query: BoardQuery }) {
  const sort = query.sort && SORTS[query.sort] ? query.sort : "rank";
  const rows = [...report.models].sort(SORTS[sort].compare);
  const families = report.models.some((m) => m.family_excluded_score !== undefined);
  const ceiling = report.reference_ceiling;
  const header = { current: sort, runId, query };
  return (
    <ScrollBox label="Leaderboard table">
      <table className={tableClass}>
        <caption className="px-3 pt-3 text-left text-sm text-slate-600">
          {report.models.length} models on {report.items} items; sorted by {SORTS[sort].label.toLowerCase()}.
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <SortHeader sort="rank" to="bands" {...header} />
            <th scope="col" className={`${thClass} text-right`}>
              Band
              <DefLink to="bands" what="band" />
            </th>
            <SortHeader sort="model" to="itemFirst" right={false} {...header} />
            <th scope="col" className={`${thClass} text-right`}>
              Score
              <DefLink to="itemFirst" what="score" />
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              95% interval
              <DefLink to="bootstrap" what="95% interval" />
            </th>
            <SortHeader sort="all_met" to="response" {...header} />
            <SortHeader sort="gap" to="gap" {...header} />
            <SortHeader sort="empty" to="empty" {...header} />
            {families ? (
              <th scope="col" className={`${thClass} text-right`}>
                Family-excluded
                <DefLink to="family" what="family-excluded score" />
              </th>
            ) : null}
            <th scope="col" className={`${thClass} text-right`}>Items</th>
            <th scope="col" className={`${thClass} text-right`}>Responses</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((m) => (
            <tr key={m.model}>
              <td className={`${tdClass} text-right`}>{m.rank}</td>
              <td className={`${tdClass} text-right`}>{m.band}</td>
              <th scope="row" className="px-3 py-2 font-medium">{m.model}</th>
              <FigureCells m={m} families={families ? fmt(m.family_excluded_score) : null} />
            </tr>
          ))}
        </tbody>
        {ceiling ? (
          <tbody className="border-t-2 border-slate-300 bg-slate-50" aria-label="Reference ceiling, not ranked">
            <tr>
              <td className={`${tdClass} text-right`} aria-label="not ranked">—</td>
              <td className={`${tdClass} text-right`} aria-label="no band">—</td>
              <th scope="row" className="px-3 py-2 font-medium">
                Reference ceiling (not ranked)
                <DefLink to="ceiling" what="reference ceiling" />
              </th>
              <FigureCells m={ceiling} families={families ? "—" : null} />
            </tr>
          </tbody>
        ) : null}
      </table>
    </ScrollBox>
  );
}
