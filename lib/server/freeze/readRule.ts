import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calibrationSetResponses, judgeVerdicts, selectionRules } from "@/db/schema";
import { describeRule, SelectionRule } from "@/lib/freeze/rule";
import { namesOf } from "@/lib/server/users/read";

export interface RuleView {
  rule: SelectionRule;
  text: string;
  recordedBy: string;
  /** The name of who recorded it, as pages show it. */
  recordedByName: string;
  recordedAt: Date;
  /** No verdict on the set's responses was stored when the rule was recorded: a true pre-registration. */
  beforeVerdicts: boolean;
}

/** When the first verdict on any of the set's responses was stored (null: none yet). */
export function firstVerdictAt(db: Db | Tx, setId: number): Date | null {
  const [{ at }] = db
    .select({ at: sql<number | null>`min(${judgeVerdicts.createdAt})` })
    .from(judgeVerdicts)
    .innerJoin(calibrationSetResponses, eq(calibrationSetResponses.responseId, judgeVerdicts.responseId))
    .where(eq(calibrationSetResponses.setId, setId))
    .all();
  return at === null ? null : new Date(at);
}

/** The set's recorded selection rule, if any. */
export function readRule(db: Db | Tx, setId: number): RuleView | null {
  const row = db.select().from(selectionRules).where(eq(selectionRules.setId, setId)).get();
  if (!row) return null;
  const rule = SelectionRule.parse(JSON.parse(row.rule));
  const first = firstVerdictAt(db, setId);
  const recordedByName = namesOf(db, [row.createdBy]).get(row.createdBy) ?? row.createdBy;
  return { rule, text: describeRule(rule), recordedBy: row.createdBy, recordedByName, recordedAt: row.createdAt, beforeVerdicts: first === null || first > row.createdAt };
}
