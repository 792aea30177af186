import type { Bundle, BundleRecord } from "@/lib/bundle/schema";

/** The identity of a record within its kind: two records with the same key are the same record. */
export function recordKey(r: BundleRecord): string {
  switch (r.kind) {
    case "item":
    case "response":
      return r.id;
    case "rubric":
    case "reference":
      return `${r.item}\u0000${r.version}`;
    case "label":
      return `${r.rater}\u0000${r.response}\u0000${r.criterion}`;
    case "verdict":
      // A verdict that names its rubric version is that version's; one that does not is the unit's (the current version's).
      return `${r.judge}\u0000${r.response}\u0000${r.criterion}${r.rubric_version === undefined ? "" : `\u0000${r.rubric_version}`}`;
  }
}

export type BundleIndex = { [K in keyof Bundle]: Map<string, Bundle[K][number]> };

export function indexBundle(bundle: Bundle): BundleIndex {
  const index = <R extends BundleRecord>(records: R[]) => new Map(records.map((r) => [recordKey(r), r] as const));
  return {
    items: index(bundle.items),
    rubrics: index(bundle.rubrics),
    references: index(bundle.references),
    responses: index(bundle.responses),
    labels: index(bundle.labels),
    verdicts: index(bundle.verdicts),
  };
}
