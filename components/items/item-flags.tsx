import type { ItemFlags as Flags } from "@/lib/server/authoring/listItemFlags";
import { SKIP_REASON_LABELS } from "@/lib/labeling/skips";
import { plural } from "@/lib/wording";

/** What clinicians flagged on this item while labeling it: ambiguous criteria with comments, and skipped responses. Unnamed. */
export function ItemFlags({ flags }: { flags: Flags }) {
  if (flags.flags.length === 0 && flags.skips.length === 0) return null;
  return (
    <section aria-labelledby="item-flags-heading" className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <h2 id="item-flags-heading" className="text-lg font-semibold text-slate-900">
        Clinicians&apos; flags
      </h2>
      {flags.flags.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-700">{plural(flags.flags.length, "flag")} of a criterion as ambiguous, while labeling:</p>
          <ul className="mt-2 space-y-2 text-sm">
            {flags.flags.map((flag, i) => (
              <li key={i}>
                <span className="font-medium text-slate-900">{flag.text}</span> <span className="text-slate-600">({flag.set})</span>: “{flag.comment}”
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {flags.skips.length > 0 ? (
        <>
          <p className="mt-3 text-sm text-slate-700">{plural(flags.skips.length, "response")} of this item skipped:</p>
          <ul className="mt-2 space-y-1 text-sm">
            {flags.skips.map((skip, i) => (
              <li key={i}>
                {SKIP_REASON_LABELS[skip.reason]} <span className="text-slate-600">({skip.set})</span>
                {skip.comment ? `: “${skip.comment}”` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
