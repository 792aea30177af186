import "server-only";
import type { Tx } from "@/db/client";
import { eq } from "drizzle-orm";
import { calibrationSetResponses, criteria } from "@/db/schema";
import { formatIssue, parseBundle } from "@/lib/bundle/parse";
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

/**
 * The one import path (the upload page, the CLI and the demo seed all use it), run
 * inside the caller's transaction: parse and validate the whole bundle against
 * itself, the stored records and the calibration sets (setRules), and write only if
 * there is no problem at all. Raters who label a set's units join its clinicians.
 */
export function importInto(tx: Tx, text: string, actor: string, options: ImportOptions = {}): ImportResult {
  const stored = readStoredBundle(tx);
  const parsed = parseBundle(text, stored);
  const index = indexBundle(stored);
  const owners = new Map(tx.select().from(criteria).all().map((c) => [c.id, c.itemId]));
  const sets = setRules(tx, parsed, index);
  const issues = [...parsed.issues, ...storedConflicts(parsed, index, owners), ...sets.issues];
  const messages = [...new Set(issues.sort((a, b) => a.line - b.line).map(formatIssue))];
  if (messages.length > 0) {
    const refusal = options.refusal ?? "The bundle was not imported";
    throw new Invalid(`${refusal}: ${messages.length} problem${messages.length === 1 ? "" : "s"}`, messages);
  }
  const result = writeBundle(tx, parsed.bundle, index, actor, options);
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
