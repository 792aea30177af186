import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { Progress } from "@/components/ui/progress";
import { cardClass } from "@/components/ui/styles";
import type { Assignment } from "@/lib/server/labeling/listMyAssignments";

export function AssignmentList({ assignments }: { assignments: Assignment[] }) {
  if (assignments.length === 0) {
    return <Notice tone="info">Nothing is assigned to you yet. A lead will add you to a calibration set.</Notice>;
  }
  return (
    <ul className="space-y-4">
      {assignments.map((assignment) => (
        <li key={assignment.setId} className={cardClass}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">
              <Link href={`/queue/${assignment.setId}`} className="text-accent-strong underline underline-offset-2">
                {assignment.name}
              </Link>
            </h2>
            <span className="text-sm text-slate-600">{assignment.status === "open" ? "Open for labeling" : "Closed"}</span>
          </div>
          <div className="mt-4 space-y-3">
            <Progress label="Responses done" name={`${assignment.name}: responses done`} done={assignment.responsesDone} total={assignment.responsesTotal} />
            <Progress label="Criteria labeled" name={`${assignment.name}: criteria labeled`} done={assignment.criteriaDone} total={assignment.criteriaTotal} />
          </div>
        </li>
      ))}
    </ul>
  );
}
