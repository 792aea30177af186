import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { labelerStats, type LabelerStats, type SavedVerdict } from "@/lib/labeling/stats";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";

export interface ClinicianStats extends LabelerStats {
  id: string;
  name: string;
}

/**
 * Each clinician's pace in the set and how often they turned a verdict around, from the
 * verdicts they saved in the app (the audited `label.save` rows of this set; imported
 * labels carry no timing). For the lead.
 */
export async function getLabelerStats({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ClinicianStats[]> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  return getDb().transaction(
    (tx) => {
      readSet(tx, setId);
      const people = tx.all<{ id: string; name: string }>(sql`
        SELECT u.id AS id, u.name AS name FROM calibration_set_clinicians sc JOIN users u ON u.id = sc.user_id
        WHERE sc.set_id = ${setId} ORDER BY u.name, u.id`);
      const rows = tx.all<{ actor: string; response: string; criterion: string; givenAt: number; old: number | null; verdict: number }>(sql`
        SELECT actor, json_extract(detail, '$.response') AS response, json_extract(detail, '$.criterion') AS criterion,
          json_extract(detail, '$.givenAt') AS givenAt, json_extract(detail, '$.old.verdict') AS old, json_extract(detail, '$.new.verdict') AS verdict
        FROM audit_log WHERE action = 'label.save' AND json_extract(detail, '$.set') = ${setId} ORDER BY id`);
      const saves = new Map<string, SavedVerdict[]>();
      for (const r of rows) {
        const list = saves.get(r.actor) ?? [];
        list.push({ response: r.response, criterion: r.criterion, givenAt: r.givenAt, old: r.old === null ? null : r.old === 1, verdict: r.verdict === 1 });
        saves.set(r.actor, list);
      }
      return people.map((p) => ({ ...p, ...labelerStats(saves.get(p.id) ?? []) }));
    },
    { behavior: "deferred" },
  );
}
