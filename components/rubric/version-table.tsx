import { formatTime } from "@/components/items/format";
import type { VersionSummary } from "@/lib/server/authoring/listItemVersions";

/** A version history, newest first; `extra` adds one column (criteria count, rubric version). */
export function VersionTable({ caption, versions, extra }: { caption: string; versions: (VersionSummary & { extra: string })[]; extra: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Version</th>
            <th scope="col" className="px-3 py-2 font-semibold">Published</th>
            <th scope="col" className="px-3 py-2 font-semibold">By</th>
            <th scope="col" className="px-3 py-2 font-semibold">Change note</th>
            <th scope="col" className="px-3 py-2 font-semibold">{extra}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {versions.map((v) => (
            <tr key={v.version}>
              <th scope="row" className="px-3 py-2 font-medium">{v.version}</th>
              <td className="px-3 py-2">{formatTime(v.publishedAt)}</td>
              <td className="px-3 py-2">{v.authorName}</td>
              <td className="px-3 py-2">{v.changeNote ?? "—"}</td>
              <td className="px-3 py-2">{v.extra}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
