import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { items, responses, userRoles, users } from "@/db/schema";
import { Invalid } from "@/lib/server/errors";
import { pickResponses } from "@/lib/sampling/responses";
import { composition, turnsStratum, type SampleItem, type Stratum, type StratumRow } from "@/lib/sampling/strata";
import { drawStratified } from "@/lib/sampling/stratified";
import type { CalibrationSetPlanInput } from "./schema";
import { namesOf } from "@/lib/server/users/read";

/** A calibration set before it is written: what the lead confirms. */
export interface SetPlan {
  itemIds: string[];
  responseIds: string[];
  clinicianIds: string[];
  /** Items that could be drawn: a published rubric and at least one response. */
  eligibleItems: number;
  composition: Record<Stratum, StratumRow[]>;
  /** Units (response × pinned criterion) each clinician will label. */
  unitsPerClinician: number;
  warnings: string[];
}

export interface Candidate extends SampleItem {
  criteria: number;
}

/** Items with a published rubric (criteria counted on the latest published version) and at least one response. */
export function candidates(db: Db | Tx): { eligible: Candidate[]; ineligible: Map<string, string> } {
  const rows = db
    .select({
      id: items.id,
      subcategory: items.subcategory,
      age: items.age,
      intent: items.intent,
      stage: items.stage,
      turns: sql<number>`json_array_length(${items.userTurns})`,
      criteria: sql<number | null>`(SELECT count(*) FROM rubric_criteria rc WHERE rc.rubric_version_id = (
        SELECT v.id FROM rubric_versions v WHERE v.item_id = items.id AND v.status = 'published' ORDER BY v.version DESC LIMIT 1))`,
      published: sql<number>`EXISTS (SELECT 1 FROM rubric_versions v WHERE v.item_id = items.id AND v.status = 'published')`,
      responses: sql<number>`(SELECT count(*) FROM responses r WHERE r.item_id = items.id)`,
    })
    .from(items)
    .all();
  const eligible: Candidate[] = [];
  const ineligible = new Map<string, string>();
  for (const row of rows) {
    if (!row.published) ineligible.set(row.id, "has no published rubric");
    else if (row.responses === 0) ineligible.set(row.id, "has no responses");
    else eligible.push({ ...row, turns: turnsStratum(row.turns), criteria: row.criteria ?? 0 });
  }
  return { eligible, ineligible };
}

/** Clinicians must be active people holding the clinician role. */
function checkClinicians(db: Db | Tx, ids: string[]): string[] {
  const ok = new Set(
    db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "clinician")))
      .where(and(inArray(users.id, ids), eq(users.active, true)))
      .all()
      .map((u) => u.id),
  );
  const names = namesOf(db, ids);
  return ids.filter((id) => !ok.has(id)).map((id) => `Clinicians: ${names.get(id) === id ? `"${id}"` : names.get(id)} is not an active clinician.`);
}

/**
 * Clinicians who also hold the lead or author role can open what labeling hides
 * (models, other labels, verdicts; references and clinical notes): their labels are
 * not blind. Allowed — small teams overlap — but said before the set is created.
 */
function unblindedClinicians(db: Db | Tx, ids: string[]): string[] {
  const roles = new Map<string, Set<string>>();
  for (const row of db.select({ id: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, ids)).all()) {
    roles.set(row.id, (roles.get(row.id) ?? new Set()).add(row.role));
  }
  return ids.flatMap((id) => {
    const other = ["lead", "author"].filter((role) => roles.get(id)?.has(role));
    return other.length === 0 ? [] : [`"${id}" also holds the ${other.join(" and ")} role: their labels will not be blind (they can see what clinicians must not).`];
  });
}

/**
 * Draws a calibration set from the corpus as it stands: the items (stratified draw
 * or the hand-picked list), `responsesPerItem` responses per item from distinct
 * models, and the clinicians. Deterministic: the same input on the same corpus gives
 * the same plan, so the preview the lead confirms is the set that gets created.
 */
export function planCalibrationSet(db: Db | Tx, input: CalibrationSetPlanInput): SetPlan {
  const { eligible, ineligible } = candidates(db);
  const clinicianIds = [...new Set(input.clinicianIds)];
  const problems = checkClinicians(db, clinicianIds);
  const byId = new Map(eligible.map((c) => [c.id, c]));

  let itemIds: string[];
  if (input.draw.kind === "stratified") {
    itemIds = drawStratified(eligible, input.draw.size, input.seed);
    if (eligible.length === 0) problems.push("No item can be drawn: items need a published rubric and at least one response.");
  } else {
    itemIds = [...new Set(input.draw.itemIds)].sort();
    for (const id of itemIds) {
      if (byId.has(id)) continue;
      problems.push(`Items: "${id}" ${ineligible.get(id) ?? "does not exist"}.`);
    }
  }
  if (problems.length > 0) throw new Invalid("The calibration set cannot be drawn like this.", problems);

  const responseRows = db.select({ id: responses.id, item: responses.itemId, model: responses.model }).from(responses).where(inArray(responses.itemId, itemIds)).all();
  const responsesOf = new Map<string, { id: string; model: string }[]>();
  for (const r of responseRows) responsesOf.set(r.item, [...(responsesOf.get(r.item) ?? []), r]);

  const warnings: string[] = [];
  const responseIds: string[] = [];
  let unitsPerClinician = 0;
  let short = 0;
  for (const id of itemIds) {
    const picked = pickResponses(responsesOf.get(id) ?? [], input.responsesPerItem, input.seed, id);
    if (picked.length < input.responsesPerItem) short++;
    responseIds.push(...picked);
    unitsPerClinician += picked.length * (byId.get(id)?.criteria ?? 0);
  }
  if (input.draw.kind === "stratified" && input.draw.size > eligible.length) {
    warnings.push(`Only ${eligible.length} items can be drawn, so the set takes all of them.`);
  }
  if (ineligible.size > 0) warnings.push(`${ineligible.size} item${ineligible.size === 1 ? " is" : "s are"} left out: no published rubric or no responses yet.`);
  if (short > 0) {
    warnings.push(`${short} item${short === 1 ? " has" : "s have"} responses from fewer than ${input.responsesPerItem} models: ${short === 1 ? "it gets" : "they get"} one response per model.`);
  }
  warnings.push(...unblindedClinicians(db, clinicianIds));
  const drawn = itemIds.map((id) => byId.get(id)).filter((c): c is Candidate => c !== undefined);
  return {
    itemIds,
    responseIds,
    clinicianIds,
    eligibleItems: eligible.length,
    composition: composition(eligible, drawn),
    unitsPerClinician,
    warnings,
  };
}
