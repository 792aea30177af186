import "server-only";
import { z } from "zod";
import { getDb } from "@/db/client";
import { IssueList, type BundleReader } from "@/lib/bundle/parse";
import { loadSetInput } from "@/lib/server/sets/setInput";
import { audit } from "@/lib/server/audit";
import { importInto, refuse } from "@/lib/server/bundle/importInto";
import { BundleSource, readBundle } from "@/lib/server/bundle/readBundle";
import type { ImportResult } from "@/lib/server/bundle/writeBundle";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { SetIdParam } from "@/lib/calibration/schema";
import { pinnedCriteria } from "@/lib/server/sets/queries";
import { loadSetScope } from "@/lib/server/sets/setScope";

export const ImportSetVerdictsInput = z.object({ setId: SetIdParam }).and(BundleSource);
export type ImportSetVerdictsInput = z.input<typeof ImportSetVerdictsInput>;

const REFUSAL = "The verdicts were not imported";
const OTHER_KINDS: (keyof BundleReader["lines"])[] = ["items", "rubrics", "references", "responses", "labels", "sets"];

/** Lines of the bundle that are not verdicts on this set's units. */
function outsideTheSet({ bundle, lines }: BundleReader, units: Set<string>, responses: Set<string>, issues: IssueList): IssueList {
  for (const kind of OTHER_KINDS) {
    for (const line of lines[kind]) issues.add({ line, field: "kind", reason: "only verdict lines can be imported into a calibration set (use Import & export for other records)" });
  }
  bundle.verdicts.forEach((verdict, i) => {
    const line = lines.verdicts[i];
    if (!responses.has(verdict.response)) issues.add({ line, field: "response", reason: `response "${verdict.response}" is not in this calibration set` });
    else if (!units.has(`${verdict.response}\u0000${verdict.criterion}`)) {
      issues.add({ line, field: "criterion", reason: `"${verdict.criterion}" is not a criterion of the rubric version this set pinned for the response's item` });
    }
  });
  return issues;
}

/**
 * Imports candidate judges' verdicts for one calibration set: a bundle of `verdict`
 * lines, each on a unit of the set (its responses × the criteria of its pinned
 * rubric versions). All or nothing, through the one import path; restating stored
 * verdicts changes nothing, and a stored verdict is never overwritten.
 */
export async function importSetVerdicts({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ImportResult> {
  const lead = requireRole(ctx, "lead");
  const { setId, ...source } = ImportSetVerdictsInput.parse(input);
  const reader = await readBundle(source);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const scope = loadSetScope(tx, setId);
      // The one import path validates the bundle and writes it; the set's own check
      // runs on what it accepted, and a problem rolls the whole transaction back.
      // Verdicts uploaded for a set are on the rubric versions it pinned.
      const verdictVersions = new Map(pinnedCriteria(tx, setId).map((c) => [c.id, c.rubricVersionId]));
      const result = importInto(tx, reader, lead.id, { refusal: REFUSAL, verdictVersions });
      const setInput = loadSetInput(db, setId);
      const criteriaOf = new Map(setInput.items.map((item) => [item.id, item.criteria]));
      const units = new Set(setInput.responses.flatMap((r) => (criteriaOf.get(r.item) ?? []).map((c) => `${r.id}\u0000${c.id}`)));
      const issues = outsideTheSet(reader, units, new Set(scope.responses), new IssueList(reader.issues.cap));
      if (issues.total > 0) throw refuse(REFUSAL, issues);
      audit(tx, { actor: lead.id, action: "verdicts.import", entity: "calibration_set", entityId: setId, detail: result });
      return result;
    },
    { behavior: "immediate" },
  );
}
