import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { CalibrationSetSummary } from "@/lib/server/sets/listCalibrationSets";

const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

export function CalibrationSetList({ sets }: { sets: CalibrationSetSummary[] }) {
  if (sets.length === 0) return <Notice tone="info">No calibration sets yet.</Notice>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Calibration sets and their labeling progress</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">Set</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Status</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">Items</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">Responses</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">Clinicians</th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">Labels</th>
            <th scope="col" className="px-4 py-2.5 font-semibold">Created</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sets.map((set) => (
            <tr key={set.id}>
              <th scope="row" className="px-4 py-2.5 font-medium text-slate-900">
                <Link href={`/calibration/sets/${set.id}`} className="text-accent-strong underline underline-offset-2">
                  {set.name}
                </Link>
              </th>
              <td className="px-4 py-2.5">{set.status === "open" ? "Open" : "Closed"}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{set.items}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{set.responses}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{set.clinicians}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{set.labels}</td>
              <td className="px-4 py-2.5">{DATE.format(set.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
