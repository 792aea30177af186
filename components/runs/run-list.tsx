import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { RunSummary } from "@/lib/server/runs/listRuns";
import { count, KIND_LABELS, STATUS_LABELS, when } from "./format";

const th = "px-4 py-2.5 font-semibold";
const td = "px-4 py-2.5";

/** Every run, newest first, with how far it got. */
export function RunList({ runs }: { runs: RunSummary[] }) {
  if (runs.length === 0) return <Notice tone="info">No runs yet. Start one with New run.</Notice>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Runs, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={th}>Run</th>
            <th scope="col" className={th}>Kind</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={`${th} text-right`}>Done</th>
            <th scope="col" className={`${th} text-right`}>Failed</th>
            <th scope="col" className={th}>Started</th>
            <th scope="col" className={th}>Finished</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((run) => (
            <tr key={run.id}>
              <th scope="row" className={`${td} font-medium text-slate-900`}>
                <Link href={`/runs/${run.id}`} className="text-accent-strong underline underline-offset-2">
                  #{run.id} {run.title}
                </Link>
              </th>
              <td className={td}>{KIND_LABELS[run.kind]}</td>
              <td className={td}>{STATUS_LABELS[run.status]}</td>
              <td className={`${td} text-right tabular-nums`}>
                {count(run.settled)} of {count(run.total)}
              </td>
              <td className={`${td} text-right tabular-nums`}>{count(run.failed)}</td>
              <td className={td}>{when(run.createdAt)}</td>
              <td className={td}>{when(run.finishedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
