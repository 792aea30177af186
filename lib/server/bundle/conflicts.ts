import type { BundleIssue, ParsedBundle } from "@/lib/bundle/parse";
import type { Bundle } from "@/lib/bundle/schema";
import { sameRecord } from "./canonical";
import { recordKey, type BundleIndex } from "./keys";

// Labels are placed in the sets holding their units, and compared there (setRules).
type Kind = Exclude<keyof Bundle, "labels">;
const WHAT: { [K in Kind]: { field: string; describe: (r: Bundle[K][number]) => string } } = {
  items: { field: "id", describe: (r) => `item "${r.id}"` },
  rubrics: { field: "version", describe: (r) => `rubric version ${r.version} of item "${r.item}"` },
  references: { field: "version", describe: (r) => `reference version ${r.version} of item "${r.item}"` },
  responses: { field: "id", describe: (r) => `response "${r.id}"` },
  verdicts: { field: "verdict", describe: (r) => `a verdict by "${r.judge}" on response "${r.response}", criterion "${r.criterion}"` },
};

/**
 * Records that clash with what is stored: same identity, different content (stored
 * records are never overwritten by an import), or a criterion id that a stored
 * draft already uses for another item.
 */
export function storedConflicts(parsed: ParsedBundle, stored: BundleIndex, criterionOwners: Map<string, string>): BundleIssue[] {
  const issues: BundleIssue[] = [];
  for (const kind of Object.keys(WHAT) as Kind[]) {
    const { field, describe } = WHAT[kind] as { field: string; describe: (r: Bundle[Kind][number]) => string };
    parsed.bundle[kind].forEach((record, i) => {
      const existing = stored[kind].get(recordKey(record));
      if (existing && !sameRecord(existing, record)) {
        issues.push({ line: parsed.lines[kind][i], field, reason: `${describe(record)} is already stored with different content` });
      }
    });
  }
  parsed.bundle.rubrics.forEach((rubric, i) => {
    rubric.criteria.forEach((criterion, j) => {
      const owner = criterionOwners.get(criterion.id);
      if (owner !== undefined && owner !== rubric.item) {
        issues.push({ line: parsed.lines.rubrics[i], field: `criteria.${j}.id`, reason: `criterion "${criterion.id}" already belongs to item "${owner}"` });
      }
    });
  });
  return issues;
}
