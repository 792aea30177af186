import type { RuleView } from "@/lib/server/freeze/readRule";

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A recorded selection rule, and whether it really was recorded before any verdict. */
export function RuleSummary({ rule }: { rule: RuleView }) {
  return (
    <div className="space-y-2">
      <blockquote className="border-l-4 border-accent pl-4 text-slate-800">{rule.text}</blockquote>
      <p className="text-sm text-slate-600">
        Recorded by {rule.recordedByName} on {WHEN.format(new Date(rule.recordedAt))} UTC.{" "}
        {rule.beforeVerdicts ? (
          <strong className="text-emerald-800">Recorded before any verdict on this set was imported: a pre-registration.</strong>
        ) : (
          <strong className="text-amber-800">Recorded after verdicts on this set were imported: not a pre-registration.</strong>
        )}
      </p>
    </div>
  );
}
