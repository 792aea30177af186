import { formatTime } from "@/components/items/format";
import type { ItemForEditing } from "@/lib/server/authoring/getItemForEditing";

/** What the author is editing from, and who else is drafting this rubric. */
export function RubricHeader({ data }: { data: ItemForEditing }) {
  const { latest, draft, otherDrafts } = data.rubric;
  return (
    <div className="space-y-1 text-slate-700">
      <p>
        {latest
          ? `Latest: version ${latest.version}, published by ${latest.authorName} on ${formatTime(latest.publishedAt)}${latest.changeNote ? ` — “${latest.changeNote}”` : ""}.`
          : "No version of this rubric is published yet."}
        {draft ? ` You have a draft in progress${draft.baseVersion ? `, started from version ${draft.baseVersion}` : ""}.` : ""}
      </p>
      {otherDrafts.length > 0 ? (
        <p>Also drafting this rubric: {otherDrafts.map((d) => `${d.authorName}${d.baseVersion ? ` (from version ${d.baseVersion})` : ""}`).join(", ")}.</p>
      ) : null}
    </div>
  );
}
