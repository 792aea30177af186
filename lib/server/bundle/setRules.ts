import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { userRoles, users } from "@/db/schema";
import type { BundleIssue, ParsedBundle } from "@/lib/bundle/parse";
import type { LabelRecord, SetRecord } from "@/lib/bundle/schema";
import { canonicalLabel, canonicalSet, sameRecord } from "./canonical";
import { recordKey, type BundleIndex } from "./keys";
import { inScope } from "./stored";

/** A rater a bundle makes a clinician of a calibration set, because they label its units. */
export interface NewSetClinician {
  setId: number;
  userId: string;
}

/** A label line to write, and the set it lands in: a stored set's id, a `set` line's id (a set the import creates), or null (set-less). */
export interface LabelPlacement {
  record: LabelRecord;
  set: number | string | null;
}

/** A `set` line: the stored set it restates (same name and content), or null when the import creates it. */
export interface SetPlacement {
  record: SetRecord;
  storedId: number | null;
}

export interface SetRules {
  issues: BundleIssue[];
  newClinicians: NewSetClinician[];
  /** The label lines' new labels, one per set they land in. */
  labels: LabelPlacement[];
  /** Label lines that add nothing (every set they land in already holds them, identical). */
  labelsUnchanged: number;
  sets: SetPlacement[];
}

const CLOSED = "the response belongs to a closed calibration set";
const unitKey = (response: string, criterion: string) => `${response}\u0000${criterion}`;
const labelKey = (setId: number | null, rater: string, response: string, criterion: string) => `${setId ?? ""}\u0000${rater}\u0000${unitKey(response, criterion)}`;

/** Every calibration set's units on the responses of `scope` (its responses × its pinned criteria) and whether the set is closed. */
function setsByUnit(tx: Tx, scope: ReadonlySet<string>): Map<string, { setId: number; closed: boolean }[]> {
  const rows = tx.all<{ setId: number; status: string; response: string; criterion: string }>(sql`
    SELECT s.id AS setId, s.status AS status, sr.response_id AS response, rc.criterion_id AS criterion
    FROM calibration_sets s
    JOIN calibration_set_responses sr ON sr.set_id = s.id
    JOIN responses r ON r.id = sr.response_id
    JOIN calibration_set_items si ON si.set_id = s.id AND si.item_id = r.item_id
    JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id
    WHERE ${inScope(sql`sr.response_id`, scope)}
    ORDER BY s.id`);
  const sets = new Map<string, { setId: number; closed: boolean }[]>();
  for (const row of rows) {
    const key = unitKey(row.response, row.criterion);
    sets.set(key, [...(sets.get(key) ?? []), { setId: row.setId, closed: row.status === "closed" }]);
  }
  return sets;
}

/** Every stored label on the responses of `scope`, by set, rater and unit. */
function storedLabels(tx: Tx, scope: ReadonlySet<string>): Map<string, LabelRecord> {
  const rows = tx.all<{ setId: number | null; rater: string; response: string; criterion: string; verdict: number; rationale: string | null }>(sql`
    SELECT set_id AS setId, rater_id AS rater, response_id AS response, criterion_id AS criterion, verdict, rationale FROM labels
    WHERE ${inScope(sql`response_id`, scope)}`);
  return new Map(rows.map((r) => [
    labelKey(r.setId, r.rater, r.response, r.criterion),
    canonicalLabel({ kind: "label", rater: r.rater, response: r.response, criterion: r.criterion, verdict: r.verdict === 1, rationale: r.rationale ?? undefined }),
  ]));
}

/** Every stored set as a `set` line would say it (its id as `set-N`), for matching a bundle's set lines by name and content. */
export function storedSets(tx: Tx): { id: number; closed: boolean; record: SetRecord }[] {
  const sets = tx.all<{ id: number; name: string; seed: number; status: "open" | "closed" }>(sql`SELECT id, name, seed, status FROM calibration_sets ORDER BY id`);
  const pins = tx.all<{ setId: number; item: string; version: number }>(sql`
    SELECT si.set_id AS setId, si.item_id AS item, rv.version AS version FROM calibration_set_items si JOIN rubric_versions rv ON rv.id = si.rubric_version_id ORDER BY si.item_id`);
  const responses = tx.all<{ setId: number; id: string }>(sql`SELECT set_id AS setId, response_id AS id FROM calibration_set_responses ORDER BY response_id`);
  const clinicians = tx.all<{ setId: number; id: string }>(sql`SELECT set_id AS setId, user_id AS id FROM calibration_set_clinicians ORDER BY user_id`);
  return sets.map((s) => ({
    id: s.id,
    closed: s.status === "closed",
    record: canonicalSet({
      kind: "set", id: `set-${s.id}`, name: s.name, seed: s.seed, status: s.status,
      items: pins.filter((p) => p.setId === s.id).map((p) => ({ item: p.item, rubric_version: p.version })),
      responses: responses.filter((r) => r.setId === s.id).map((r) => r.id),
      clinicians: clinicians.filter((c) => c.setId === s.id).map((c) => c.id),
    }),
  }));
}

/** What identifies a set line's set: name, seed, pins, responses and clinicians (not its bundle id, nor whether it was closed since). */
const setContent = (r: SetRecord) =>
  JSON.stringify([r.name, r.seed, [...r.items].sort((a, b) => (a.item < b.item ? -1 : 1)), [...r.responses].sort(), [...r.clinicians].sort()]);

/**
 * What calibration sets and roles ask of a bundle's labels and verdicts. A label line
 * (which names no set: a v1 bundle's set-less view) lands in every calibration set whose
 * units hold it, or, when none does, among the set-less labels. None may add or change
 * a label or verdict on a unit of a closed set (restating a stored record is no
 * change), nor contradict a label stored where it lands; a label's rater must not be an
 * account that is only a lead or author; and a rater of a set's unit who is not yet one
 * of its clinicians becomes one. A `set` line restates the stored set of the same name
 * and content (its labels land there) or, when no set has its name, is a set to
 * create; a label line that names it lands only in it.
 */
export function setRules(tx: Tx, parsed: ParsedBundle, stored: BundleIndex, scope: ReadonlySet<string>): SetRules {
  const sets = setsByUnit(tx, scope);
  const issues: BundleIssue[] = [];
  const labelsStored = storedLabels(tx, scope);
  const placements: LabelPlacement[] = [];
  const labels: { record: LabelRecord; line: number }[] = [];

  const known = storedSets(tx);
  const setPlacements: SetPlacement[] = [];
  const bundleSets = new Map<string, { setId: number | string; closed: boolean }>();
  parsed.bundle.sets.forEach((record, i) => {
    const line = parsed.lines.sets[i];
    const named = known.filter((s) => s.record.name === record.name);
    const same = named.find((s) => setContent(s.record) === setContent(record));
    if (named.length > 0 && !same) issues.push({ line, field: "name", reason: `a calibration set named "${record.name}" is already stored with different content (items, rubric versions, responses, clinicians or seed)` });
    setPlacements.push({ record, storedId: same?.id ?? null });
    bundleSets.set(record.id, same ? { setId: same.id, closed: same.closed } : { setId: record.id, closed: false });
  });

  parsed.bundle.labels.forEach((record, i) => {
    const line = parsed.lines.labels[i];
    const holding = sets.get(unitKey(record.response, record.criterion)) ?? [];
    const named = record.set === undefined ? undefined : bundleSets.get(record.set);
    if (record.set !== undefined && !named) return; // an unknown set: the bundle's own check says so
    const targets: { setId: number | string | null; closed: boolean }[] = named ? [named] : holding.length > 0 ? holding : [{ setId: null, closed: false }];
    let changes = false;
    for (const { setId, closed } of targets) {
      const existing = typeof setId === "string" ? undefined : labelsStored.get(labelKey(setId, record.rater, record.response, record.criterion));
      if (existing && sameRecord(existing, { ...record, set: undefined })) continue;
      changes = true;
      if (existing) issues.push({ line, field: "verdict", reason: `a label by "${record.rater}" on response "${record.response}", criterion "${record.criterion}" is already stored with different content` });
      if (closed) issues.push({ line, field: "response", reason: CLOSED });
      if (!existing && !closed) placements.push({ record, set: setId });
    }
    if (changes) labels.push({ record, line });
  });
  const verdicts = parsed.bundle.verdicts
    .map((record, i) => ({ record, line: parsed.lines.verdicts[i] }))
    .filter(({ record }) => {
      const existing = stored.verdicts.get(recordKey(record));
      return !existing || !sameRecord(existing, record);
    });
  for (const { record, line } of verdicts) {
    if (sets.get(unitKey(record.response, record.criterion))?.some((s) => s.closed)) issues.push({ line, field: "response", reason: CLOSED });
  }

  // A rater seen for the first time becomes a clinician (writeBundle); an existing account must already be one.
  const setClinicians = parsed.bundle.sets.flatMap((set, i) => set.clinicians.map((id, j) => ({ id, line: parsed.lines.sets[i], field: `clinicians.${j}` })));
  const raters = [...new Set([...labels.map(({ record }) => record.rater), ...setClinicians.map((c) => c.id)])];
  const rolesOf = new Map<string, string[]>();
  if (raters.length > 0) {
    for (const row of tx.select({ id: users.id }).from(users).where(inArray(users.id, raters)).all()) rolesOf.set(row.id, []);
    for (const row of tx.select().from(userRoles).where(inArray(userRoles.userId, raters)).all()) rolesOf.get(row.userId)?.push(row.role);
  }
  for (const { record, line } of labels) {
    const roles = rolesOf.get(record.rater);
    if (roles && !roles.includes("clinician")) {
      const account = roles.length > 0 ? `${roles.sort().join(" and ")} only` : "without a role";
      issues.push({ line, field: "rater", reason: `"${record.rater}" is not a clinician (an account ${account}): only clinicians give labels` });
    }
  }
  for (const { id, line, field } of setClinicians) {
    const roles = rolesOf.get(id);
    if (roles && !roles.includes("clinician")) issues.push({ line, field, reason: `"${id}" is not a clinician (an account ${roles.length > 0 ? `${roles.sort().join(" and ")} only` : "without a role"}): only clinicians label a set` });
  }

  const members = new Set(tx.all<{ key: string }>(sql`SELECT set_id || ':' || user_id AS key FROM calibration_set_clinicians`).map((r) => r.key));
  const newClinicians = new Map<string, NewSetClinician>();
  for (const { record, set } of placements) {
    const key = `${set}:${record.rater}`;
    if (typeof set === "number" && !members.has(key)) newClinicians.set(key, { setId: set, userId: record.rater });
  }
  return { issues, newClinicians: [...newClinicians.values()], labels: placements, labelsUnchanged: parsed.bundle.labels.length - labels.length, sets: setPlacements };
}
