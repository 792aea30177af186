import Link from "next/link";
import { itemPage } from "@/components/items/api";
import { Notice } from "@/components/ui/notice";
import type { SetFlags as Flags } from "@/lib/server/sets/listSetFlags";
import { SKIP_REASON_LABELS } from "@/lib/labeling/skips";
import { plural } from "@/lib/wording";
import { dimensionLabel } from "@/lib/format";

/** Skipped responses and criteria flagged as ambiguous, for the lead; no clinician sees these. */
export function SetFlags({ flags }: { flags: Flags }) {
  const flagCount = flags.criteria.reduce((n, c) => n + c.flags.length, 0);
  return (
    <section aria-labelledby="flags-heading" className="space-y-4">
      <h2 id="flags-heading" className="text-lg font-semibold text-slate-900">
        Skips and ambiguity flags
      </h2>
      <p className="max-w-prose text-slate-700">
        What clinicians said instead of or beside a verdict. A skip is not a label: skipped responses are counted apart and left out of nothing
        else. Only you see these; no clinician sees another&apos;s.
      </p>
      {flags.skips.length === 0 && flags.criteria.length === 0 ? <Notice tone="info">No clinician has skipped a response or flagged a criterion.</Notice> : null}
      {flags.criteria.length > 0 ? (
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">
            {plural(flags.criteria.length, "criterion", "criteria")} flagged as ambiguous ({plural(flagCount, "flag")})
          </h3>
          <ul className="space-y-3">
            {flags.criteria.map((criterion) => (
              <li key={criterion.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-medium text-slate-900">{criterion.text}</p>
                <p className="text-sm text-slate-600">
                  {dimensionLabel(criterion.dimension)} ·{" "}
                  <Link href={itemPage(criterion.item, "/rubric")} className="font-mono text-accent-strong underline underline-offset-2">
                    {criterion.item}
                  </Link>
                </p>
                <ul className="mt-2 space-y-1 text-sm">
                  {criterion.flags.map((flag, i) => (
                    <li key={i}>
                      <span className="font-medium">{flag.clinician}:</span> “{flag.comment}”
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {flags.skips.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-3 text-left font-semibold text-slate-900">{plural(flags.skips.length, "skipped response")}</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">Item</th>
                <th scope="col" className="px-4 py-2 font-semibold">Clinician</th>
                <th scope="col" className="px-4 py-2 font-semibold">Why</th>
                <th scope="col" className="px-4 py-2 font-semibold">Comment</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {flags.skips.map((skip, i) => (
                <tr key={i}>
                  <th scope="row" className="px-4 py-2 font-normal">
                    <Link href={itemPage(skip.item)} className="font-mono text-accent-strong underline underline-offset-2">{skip.item}</Link>
                  </th>
                  <td className="px-4 py-2">{skip.clinician}</td>
                  <td className="px-4 py-2">{SKIP_REASON_LABELS[skip.reason]}</td>
                  <td className="px-4 py-2">{skip.comment ? `“${skip.comment}”` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
