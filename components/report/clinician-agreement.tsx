import type { ClinicianAgreement as Agreement } from "@/lib/calibration/clinicians";
import { plural } from "@/lib/wording";
import { ScrollBox } from "./scroll-box";
import { dimensionLabel, fmt, percent } from "@/lib/format";
import { tableClass, tdClass, thClass } from "./format";

/** Agreement among the clinicians: overall, per dimension, and every pair as a matrix. */
export function ClinicianAgreement({ clinicians, names }: { clinicians: Agreement; names: Record<string, string> }) {
  const name = (id: string) => names[id] ?? id;
  const pairOf = new Map(clinicians.pairwise.map((p) => [p.raters.join("|"), p]));
  const pair = (a: string, b: string) => pairOf.get(`${a}|${b}`) ?? pairOf.get(`${b}|${a}`);
  return (
    <div className="space-y-6">
      <p className="text-slate-700">
        {plural(clinicians.raters.length, "clinician")} over {plural(clinicians.units, "unit")} they all labeled: Fleiss&apos; κ{" "}
        <strong className="tabular-nums">{fmt(clinicians.fleiss_kappa)}</strong>, Gwet&apos;s AC1{" "}
        <strong className="tabular-nums">{fmt(clinicians.gwet_ac1)}</strong>, agreement{" "}
        <strong className="tabular-nums">{percent(clinicians.percent_agreement)}</strong>.
      </p>
      <ScrollBox label="Clinicians by dimension">
        <table className={tableClass}>
          <caption className="sr-only">Clinicians&apos; agreement by dimension</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>Dimension</th>
              <th scope="col" className={`${thClass} text-right`}>Units</th>
              <th scope="col" className={`${thClass} text-right`}>Fleiss&apos; κ</th>
              <th scope="col" className={`${thClass} text-right`}>AC1</th>
              <th scope="col" className={`${thClass} text-right`}>Agreement</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {Object.entries(clinicians.by_dimension).map(([dimension, f]) => (
              <tr key={dimension}>
                <th scope="row" className="px-3 py-2 font-medium">{dimensionLabel(dimension)}</th>
                <td className={`${tdClass} text-right`}>{f.units}</td>
                <td className={`${tdClass} text-right`}>{fmt(f.fleiss_kappa)}</td>
                <td className={`${tdClass} text-right`}>{fmt(f.gwet_ac1)}</td>
                <td className={`${tdClass} text-right`}>{percent(f.percent_agreement)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <ScrollBox label="Clinician pairs">
        <table className={tableClass}>
          <caption className="px-3 pt-3 text-left text-sm text-slate-600">
            Each pair of clinicians: Cohen&apos;s κ (raw agreement) over the units both labeled.
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <td className={thClass} />
              {clinicians.raters.map((rater) => (
                <th key={rater} scope="col" className={`${thClass} text-right`}>{name(rater)}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {clinicians.raters.map((a) => (
              <tr key={a}>
                <th scope="row" className="px-3 py-2 font-medium">{name(a)}</th>
                {clinicians.raters.map((b) => {
                  const p = a === b ? undefined : pair(a, b);
                  return (
                    <td key={b} className={`${tdClass} text-right`}>
                      {p ? `${fmt(p.kappa)} (${percent(p.agreement)})` : "—"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
