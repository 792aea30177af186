import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { Progress } from "@/components/ui/progress";
import { buttonClass } from "@/components/ui/styles";
import type { QueueView } from "@/lib/server/labeling/getQueue";
import { SkippedCount } from "./skipped-count";

function state(entry: QueueView["entries"][number]): string {
  if (entry.skipped) return "Skipped";
  if (entry.given >= entry.needed) return "Done";
  if (entry.given === 0) return "Not started";
  return `${entry.given} of ${entry.needed} criteria`;
}

/** A clinician's progress in one set, where to resume, and every response by its place in their order. */
export function QueueList({ queue }: { queue: QueueView }) {
  const { set, progress, resumeAt, entries } = queue;
  const finished = progress.responsesDone + progress.responsesSkipped === progress.responsesTotal;
  return (
    <div className="space-y-8">
      {set.status === "closed" ? (
        <Notice tone="info" title="This set is closed">
          The lead has closed it, so its labels are locked. You can still read your verdicts.
        </Notice>
      ) : null}
      <div className="space-y-3">
        <Progress label="Responses done" done={progress.responsesDone} total={progress.responsesTotal} />
        <Progress label="Criteria labeled" done={progress.criteriaDone} total={progress.criteriaTotal} />
        <SkippedCount skipped={progress.responsesSkipped} />
      </div>
      <Link href={`/label/${set.id}/${resumeAt}`} className={buttonClass}>
        {finished ? "Review your verdicts" : progress.criteriaDone === 0 ? "Start with response 1" : `Resume at response ${resumeAt}`}
      </Link>
      <section aria-labelledby="responses-heading">
        <h2 id="responses-heading" className="text-lg font-semibold text-slate-900">
          Responses
        </h2>
        <ol className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((entry) => (
            <li key={entry.number}>
              <Link
                href={`/label/${set.id}/${entry.number}`}
                className="flex items-baseline justify-between rounded-md border border-slate-200 bg-white px-3 py-2 text-sm hover:bg-slate-50"
              >
                <span className="font-medium text-slate-900">Response {entry.number}</span>
                <span className={entry.skipped ? "text-amber-800" : entry.given >= entry.needed ? "text-emerald-800" : "text-slate-600"}>{state(entry)}</span>
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
