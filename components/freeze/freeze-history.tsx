import Link from "next/link";
import { fmt } from "@/lib/format";
import type { StoredFreeze } from "@/lib/server/freeze/freezeRecord";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Every freeze, newest first, with what it superseded and why. */
export function FreezeHistory({ freezes, showSet = false }: { freezes: StoredFreeze[]; showSet?: boolean }) {
  if (freezes.length === 0) return <p className="text-slate-700">Nothing has been frozen yet.</p>;
  return (
    <ol aria-label="Freeze history" className="space-y-3">
      {[...freezes].reverse().map(({ record, supersededBy }) => (
        <li key={record.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="flex flex-wrap items-baseline gap-x-3">
            <Link href={`/calibration/freezes/${record.id}`} className="font-semibold text-accent-strong underline-offset-2 hover:underline">
              Record #{record.id}
            </Link>
            <span className="font-medium text-slate-900">{record.judges.join(", ")}</span>
            <span className="text-sm text-slate-600">
              rank {record.rank} of {record.panels_ranked}, κ {fmt(record.figures.kappa, 4)}
              {showSet ? ` · ${record.calibration_set.name}` : ""} · {record.frozen_by.name}, {WHEN.format(new Date(record.frozen_at))} UTC
            </span>
            {supersededBy === null ? (
              <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Current</span>
            ) : (
              <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Superseded by #{supersededBy}</span>
            )}
          </p>
          <p className="mt-1 text-slate-700">{record.rationale}</p>
          {record.supersedes ? (
            <p className="mt-1 text-sm text-slate-600">Supersedes #{record.supersedes.id}: {record.supersedes.reason}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
