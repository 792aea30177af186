import "server-only";
import type { Tx } from "@/db/client";
import { and, eq, inArray } from "drizzle-orm";
import { calibrationSetResponses, calibrationSets, criteria, judgeVerdicts, rubricVersions } from "@/db/schema";
import { BundleReader, IssueList, ISSUES_SHOWN, readText } from "@/lib/bundle/parse";
import type { Descriptors, VerdictRecord, WithSets } from "@/lib/bundle/schema";
import { audit } from "@/lib/server/audit";
import { enrolClinician, insertCalibrationSet } from "@/lib/server/sets/insertCalibrationSet";
import { Invalid } from "@/lib/server/errors";
import { readSet } from "@/lib/server/sets/readSet";
import { storedConflicts } from "./conflicts";
import { canonicalVerdict } from "./canonical";
import { indexBundle, recordKey, type BundleIndex } from "./keys";
import { writeDescriptions } from "./descriptions";
import { setRules, type SetPlacement } from "./setRules";
import { inScope, readStoredBundle, readStoredVerdictsByVersion, responsesNamed } from "./stored";
import { writeBundle, writeLabels, type ImportResult, type WriteOptions } from "./writeBundle";

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
 * read by a BundleReader) against itself, the stored records of the responses it names
 * (responsesNamed) and the calibration sets (setRules), and write only if there is no
 * problem at all. Raters who label a set's
 * units join its clinicians.
 */
export function importInto(tx: Tx, source: string | BundleReader, actor: string, options: ImportOptions = {}): ImportResult {
  const refusal = options.refusal ?? "The bundle was not imported";
  const reader = typeof source === "string" ? readText(new BundleReader(new IssueList(ISSUES_SHOWN)), source) : source;
  if (reader.nonBlank === 0) throw new Invalid(`${refusal}: the bundle is empty (it has no lines to import).`);
  const scope = responsesNamed(reader.bundle);
  const stored = readStoredBundle(tx, scope);
  const parsed = { ...reader.finish(stored), issues: [] };
  const index = indexBundle(stored);
  // Verdicts that name their rubric version are compared with the stored verdict on that version.
  if (parsed.bundle.verdicts.some((v) => v.rubric_version !== undefined)) {
    for (const v of readStoredVerdictsByVersion(tx, scope)) index.verdicts.set(recordKey(v), v);
  }
  if (options.verdictVersions) comparePinnedVerdicts(tx, parsed.bundle.verdicts, index, options.verdictVersions, scope);
  const owners = new Map(tx.select().from(criteria).all().map((c) => [c.id, c.itemId]));
  const issues = reader.issues;
  const sets = setRules(tx, parsed, index, scope);
  issues.add(storedConflicts(parsed, index, owners));
  issues.add(sets.issues);
  if (issues.total > 0) throw refuse(refusal, issues);
  const raters = [...sets.labels.map((l) => l.record.rater), ...sets.sets.filter((s) => s.storedId === null).flatMap((s) => s.record.clinicians)];
  const now = new Date();
  const result = writeBundle(tx, parsed.bundle, index, { raters, unchanged: sets.labelsUnchanged }, actor, options, now);
  writeDescriptions(tx, parsed.descriptors);
  const created = createSets(tx, sets.sets, actor, now);
  writeLabels(sets.labels, created, now);
  closeImportedSets(tx, sets.sets, created, actor, now);
  for (const { setId, userId } of sets.newClinicians) {
    const set = readSet(tx, setId);
    const responseIds = tx.select({ id: calibrationSetResponses.responseId }).from(calibrationSetResponses).where(eq(calibrationSetResponses.setId, setId)).all().map((r) => r.id);
    enrolClinician(tx, { setId, seed: set.seed, responseIds }, userId);
    audit(tx, { actor, action: "calibration_set.clinician_add", entity: "calibration_set", entityId: setId, detail: { clinician: userId, reason: "labels in an imported bundle" } });
  }
  return { ...result, setCliniciansAdded: sets.newClinicians.length, setsAdded: created.size };
}

/**
 * A set's upload puts verdict lines that name no rubric version on the set's pinned
 * versions (`pinned`: criterion → rubric version id), so they are compared with the
 * stored verdicts on those versions, not with the unit's newest one: a verdict the same
 * judge gave on another version (a grading on a newer rubric) is neither a clash nor
 * the same record.
 */
function comparePinnedVerdicts(tx: Tx, lines: readonly VerdictRecord[], index: BundleIndex, pinned: ReadonlyMap<string, number>, scope: ReadonlySet<string>): void {
  const judges = new Set(lines.filter((v) => v.rubric_version === undefined).map((v) => v.judge));
  if (judges.size === 0) return;
  for (const v of lines) if (v.rubric_version === undefined) index.verdicts.delete(recordKey(v));
  const rows = tx
    .select({ judge: judgeVerdicts.judge, response: judgeVerdicts.responseId, criterion: judgeVerdicts.criterionId, verdict: judgeVerdicts.verdict, rationale: judgeVerdicts.rationale, version: judgeVerdicts.rubricVersionId })
    .from(judgeVerdicts)
    .where(and(inArray(judgeVerdicts.judge, [...judges]), inScope(judgeVerdicts.responseId, scope)))
    .all();
  for (const r of rows) {
    if (pinned.get(r.criterion) !== r.version) continue;
    const record = canonicalVerdict({ kind: "verdict", judge: r.judge, response: r.response, criterion: r.criterion, verdict: r.verdict, rationale: r.rationale ?? undefined });
    index.verdicts.set(recordKey(record), record);
  }
}

/** The calibration sets of the bundle's `set` lines that are not stored yet, pinned as the lines say; their ids by the lines' ids. */
function createSets(tx: Tx, sets: readonly SetPlacement[], actor: string, now: Date): Map<string, number> {
  const created = new Map<string, number>();
  for (const { record, storedId } of sets) {
    if (storedId !== null) continue;
    const pins = new Map(record.items.map(({ item, rubric_version }) => {
      const row = tx.select({ id: rubricVersions.id }).from(rubricVersions)
        .where(and(eq(rubricVersions.itemId, item), eq(rubricVersions.version, rubric_version), eq(rubricVersions.status, "published"))).get();
      return [item, row!.id] as const;
    }));
    const setId = insertCalibrationSet(tx, { name: record.name, seed: record.seed, itemIds: [...pins.keys()], responseIds: record.responses, clinicianIds: record.clinicians, createdBy: actor, pins }, now);
    audit(tx, { actor, action: "calibration_set.create", entity: "calibration_set", entityId: setId, detail: { name: record.name, reason: "a set line in an imported bundle" } }, now);
    created.set(record.id, setId);
  }
  return created;
}

/** A created set whose line says it was closed is closed once its labels are written. */
function closeImportedSets(tx: Tx, sets: readonly SetPlacement[], created: ReadonlyMap<string, number>, actor: string, now: Date): void {
  for (const { record } of sets) {
    const setId = created.get(record.id);
    if (setId === undefined || record.status !== "closed") continue;
    tx.update(calibrationSets).set({ status: "closed", closedAt: now }).where(eq(calibrationSets.id, setId)).run();
    audit(tx, { actor, action: "calibration_set.close", entity: "calibration_set", entityId: setId, detail: { old: "open", new: "closed", reason: "closed in the imported bundle" } }, now);
  }
}

/** A bundle as JSON Lines text, one record per line; `model` and `judge` lines first when given, then `set` lines. */
export function bundleText(bundle: WithSets, descriptors?: Descriptors): string {
  const records = [...(descriptors?.models ?? []), ...(descriptors?.judges ?? []), ...(bundle.sets ?? []), ...bundle.items, ...bundle.rubrics, ...bundle.references, ...bundle.responses, ...bundle.labels, ...bundle.verdicts];
  return records.map((r) => JSON.stringify(r) + "\n").join("");
}
