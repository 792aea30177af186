import "server-only";
import type { Tx } from "@/db/client";
import { eq } from "drizzle-orm";
import { calibrationSetResponses, criteria } from "@/db/schema";
import { BundleReader, IssueList, ISSUES_SHOWN, readText } from "@/lib/bundle/parse";
import type { Bundle, Descriptors } from "@/lib/bundle/schema";
import { audit } from "@/lib/server/audit";
import { enrolClinician } from "@/lib/server/calibration/insertCalibrationSet";
import { Invalid } from "@/lib/server/errors";
import { readSet } from "@/lib/server/sets/readSet";
import { storedConflicts } from "./conflicts";
import { indexBundle } from "./keys";
import { writeDescriptions } from "./descriptions";
import { setRules } from "./setRules";
import { readStoredBundle } from "./stored";
import { writeBundle, type ImportResult, type WriteOptions } from "./writeBundle";

export interface ImportOptions extends WriteOptions {
  /** The refusal's first words, e.g. "The verdicts were not imported". */
  refusal?: string;
}

/** The refusal of a bundle with problems: the first ones by line, and how many more. */
export function refuse(refusal: string, issues: IssueList): Invalid {
  const { shown, more } = issues.messages();
  const total = shown.length + more;
  return new Invalid(`${refusal}: ${total.toLocaleString("en-US")} problem${total === 1 ? "" : "s"}`, shown, more);
}

/**
 * The one import path (the upload page, the CLI and the demo seed all use it), run
 * inside the caller's transaction: validate the whole bundle (text, or lines already
 * read by a BundleReader) against itself, the stored records and the calibration sets
 * (setRules), and write only if there is no problem at all. Raters who label a set's
 * units join its clinicians.
 */
export function importInto(tx: Tx, source: string | BundleReader, actor: string, options: ImportOptions = {}): ImportResult {
  const refusal = options.refusal ?? "The bundle was not imported";
  const reader = typeof source === "string" ? readText(new BundleReader(new IssueList(ISSUES_SHOWN)), source) : source;
  if (reader.nonBlank === 0) throw new Invalid(`${refusal}: the bundle is empty (it has no lines to import).`);
  const stored = readStoredBundle(tx);
  const parsed = { ...reader.finish(stored), issues: [] };
  const index = indexBundle(stored);
  const owners = new Map(tx.select().from(criteria).all().map((c) => [c.id, c.itemId]));
  const issues = reader.issues;
  const sets = setRules(tx, parsed, index);
  issues.add(storedConflicts(parsed, index, owners));
  issues.add(sets.issues);
  if (issues.total > 0) throw refuse(refusal, issues);
  const result = writeBundle(tx, parsed.bundle, index, { placements: sets.labels, unchanged: sets.labelsUnchanged }, actor, options);
  writeDescriptions(tx, parsed.descriptors);
  for (const { setId, userId } of sets.newClinicians) {
    const set = readSet(tx, setId);
    const responseIds = tx.select({ id: calibrationSetResponses.responseId }).from(calibrationSetResponses).where(eq(calibrationSetResponses.setId, setId)).all().map((r) => r.id);
    enrolClinician(tx, { setId, seed: set.seed, responseIds }, userId);
    audit(tx, { actor, action: "calibration_set.clinician_add", entity: "calibration_set", entityId: setId, detail: { clinician: userId, reason: "labels in an imported bundle" } });
  }
  return { ...result, setCliniciansAdded: sets.newClinicians.length };
}

/** A bundle as JSON Lines text, one record per line; `model` and `judge` lines first when given. */
export function bundleText(bundle: Bundle, descriptors?: Descriptors): string {
  const records = [...(descriptors?.models ?? []), ...(descriptors?.judges ?? []), ...bundle.items, ...bundle.rubrics, ...bundle.references, ...bundle.responses, ...bundle.labels, ...bundle.verdicts];
  return records.map((r) => JSON.stringify(r) + "\n").join("");
}
