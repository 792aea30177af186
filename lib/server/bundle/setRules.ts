import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { userRoles, users } from "@/db/schema";
import type { BundleIssue, ParsedBundle } from "@/lib/bundle/parse";
import type { BundleRecord } from "@/lib/bundle/schema";
import { sameRecord } from "./canonical";
import { recordKey, type BundleIndex } from "./keys";

/** A rater a bundle makes a clinician of a calibration set, because they label its units. */
export interface NewSetClinician {
  setId: number;
  userId: string;
}

export interface SetRules {
  issues: BundleIssue[];
  newClinicians: NewSetClinician[];
}

const CLOSED = "the response belongs to a closed calibration set";
const unitKey = (response: string, criterion: string) => `${response}\u0000${criterion}`;

/** Every calibration set's units (its responses × its pinned criteria) and whether the set is closed. */
function setsByUnit(tx: Tx): Map<string, { setId: number; closed: boolean }[]> {
  const rows = tx.all<{ setId: number; status: string; response: string; criterion: string }>(sql`
    SELECT s.id AS setId, s.status AS status, sr.response_id AS response, rc.criterion_id AS criterion
    FROM calibration_sets s
    JOIN calibration_set_responses sr ON sr.set_id = s.id
    JOIN responses r ON r.id = sr.response_id
    JOIN calibration_set_items si ON si.set_id = s.id AND si.item_id = r.item_id
    JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id`);
  const sets = new Map<string, { setId: number; closed: boolean }[]>();
  for (const row of rows) {
    const key = unitKey(row.response, row.criterion);
    sets.set(key, [...(sets.get(key) ?? []), { setId: row.setId, closed: row.status === "closed" }]);
  }
  return sets;
}

/**
 * What calibration sets and roles ask of a bundle's labels and verdicts: none may add
 * or change one on a unit of a closed set (restating a stored record is no change); a
 * label's rater must not be an account that is only a lead or author; and a rater of
 * a set's unit who is not yet one of its clinicians becomes one.
 */
export function setRules(tx: Tx, parsed: ParsedBundle, stored: BundleIndex): SetRules {
  const sets = setsByUnit(tx);
  const issues: BundleIssue[] = [];
  const changes = <R extends BundleRecord>(records: R[], lines: number[], index: Map<string, R>) =>
    records
      .map((record, i) => ({ record, line: lines[i] }))
      .filter(({ record }) => {
        const existing = index.get(recordKey(record));
        return !existing || !sameRecord(existing, record);
      });
  const labels = changes(parsed.bundle.labels, parsed.lines.labels, stored.labels);
  const verdicts = changes(parsed.bundle.verdicts, parsed.lines.verdicts, stored.verdicts);
  for (const { record, line } of [...labels, ...verdicts]) {
    if (sets.get(unitKey(record.response, record.criterion))?.some((s) => s.closed)) issues.push({ line, field: "response", reason: CLOSED });
  }

  // A rater seen for the first time becomes a clinician (writeBundle); an existing account must already be one.
  const raters = [...new Set(labels.map(({ record }) => record.rater))];
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

  const members = new Set(tx.all<{ key: string }>(sql`SELECT set_id || ':' || user_id AS key FROM calibration_set_clinicians`).map((r) => r.key));
  const newClinicians = new Map<string, NewSetClinician>();
  for (const { record } of labels) {
    for (const { setId } of sets.get(unitKey(record.response, record.criterion)) ?? []) {
      const key = `${setId}:${record.rater}`;
      if (!members.has(key)) newClinicians.set(key, { setId, userId: record.rater });
    }
  }
  return { issues, newClinicians: [...newClinicians.values()] };
}
