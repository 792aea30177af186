import { WordDiff } from "@/components/rubric/word-diff";
import { Notice } from "@/components/ui/notice";
import { cardClass, secondaryButtonClass } from "@/components/ui/styles";
import type { QuestionDiff } from "@/lib/flow/rubricDiff";
import { diffTexts } from "@/lib/rubric/diff";
import type { FlowRubricVersion } from "@/lib/server/vera/listFlowRubrics";
import { VersionSelect } from "./version-select";

interface Props {
  rubrics: FlowRubricVersion[];
  from: string | null;
  to: string | null;
  diff: QuestionDiff[] | null;
}

/** The flow rubric versions, and a question-level diff between any two of them. */
export function RubricVersions({ rubrics, from, to, diff }: Props) {
  return (
    <section aria-labelledby="rubric-versions" className={cardClass}>
      <h2 id="rubric-versions" className="text-lg font-semibold text-slate-900">
        Flow rubric versions
      </h2>
      {rubrics.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None imported yet.</p>
      ) : (
        <>
          <ul className="mt-2 space-y-0.5 text-sm">
            {rubrics.map((r) => (
              <li key={r.id}>
                {r.name} v{r.version} <span className="text-slate-600">· {r.createdAt.toISOString().slice(0, 10)}</span>
              </li>
            ))}
          </ul>
          <form method="get" className="mt-4 grid grid-cols-2 items-end gap-3">
            <VersionSelect id="diff-from" name="from" label="Compare" rubrics={rubrics} value={from} />
            <VersionSelect id="diff-to" name="to" label="with" rubrics={rubrics} value={to ?? String(rubrics.at(-1)?.id ?? "")} />
            <button type="submit" className={secondaryButtonClass}>
              Show the differences
            </button>
          </form>
        </>
      )}
      {diff ? (
        diff.length === 0 ? (
          <div className="mt-4">
            <Notice tone="info">The two versions ask the same questions.</Notice>
          </div>
        ) : (
          <ol aria-label="Question differences" className="mt-4 space-y-3 text-sm">
            {diff.map((d) => (
              <li key={`${d.kind}-${d.id}`} className="rounded-md border border-slate-200 p-3">
                <p className="font-semibold">
                  Question {d.id}: {d.kind}
                </p>
                {d.kind === "changed" ? (
                  <dl className="mt-1 space-y-1">
                    {d.changes.map((c) => {
                      const words = diffTexts(c.before, c.after);
                      return (
                        <div key={c.field}>
                          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{c.field}</dt>
                          <dd>
                            <WordDiff words={words} side="before" />
                          </dd>
                          <dd>
                            <WordDiff words={words} side="after" />
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                ) : (
                  <p className="mt-1 text-slate-700">{d.question}</p>
                )}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
