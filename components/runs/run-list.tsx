import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { RunSummary } from "@/lib/server/runs/listRuns";
import { count, KIND_LABELS, STATUS_LABELS, when } from "./format";
import { cellClass, numClass, numeric, RunTable } from "./run-table";

/** Every run, newest first, with how far it got. */
export function RunList({ runs }: { runs: RunSummary[] }) {
  if (runs.length === 0) return <Notice tone="info">No runs yet. Start one with New run.</Notice>;
  return (
    <RunTable caption="Runs, newest first" columns={["Run", "Kind", "Status", ...numeric("Done", "Failed"), "Started", "Finished"]}>
      {runs.map((run) => (
        <tr key={run.id}>
          <th scope="row" className={`${cellClass} font-medium text-slate-900`}>
            <Link href={`/runs/${run.id}`} className="text-accent-strong underline underline-offset-2">
              #{run.id} {run.title}
            </Link>
          </th>
          <td className={cellClass}>{KIND_LABELS[run.kind]}</td>
          <td className={cellClass}>{STATUS_LABELS[run.status]}</td>
          <td className={numClass}>
            {count(run.settled)} of {count(run.total)}
          </td>
          <td className={numClass}>{count(run.failed)}</td>
          <td className={cellClass}>{when(run.createdAt)}</td>
          <td className={cellClass}>{when(run.finishedAt)}</td>
        </tr>
      ))}
    </RunTable>
  );
}
