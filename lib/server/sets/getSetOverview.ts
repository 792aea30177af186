import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSetClinicians, users } from "@/db/schema";
import { clinicianAgreement, type ClinicianAgreement } from "@/lib/calibration/clinicians";
import { dimensionsPresent } from "@/lib/calibration/units";
import { MISSING, ONE } from "@/lib/stats/majority";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { progressOf, queueEntries, type Progress } from "./progress";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";
import { setUnits } from "./setUnits";

export interface SetOverview {
  set: { id: number; name: string; seed: number; status: "open" | "closed"; createdBy: string; createdAt: Date; closedAt: Date | null };
  items: number;
  responses: number;
  clinicians: { id: string; name: string; progress: Progress }[];
  units: { total: number; withConsensus: number; noConsensus: number; satisfied: number; notSatisfied: number };
  /** The engine's agreement figures among the clinicians (docs/metrics.md#agreement-among-clinicians). */
  agreement: ClinicianAgreement;
  /** Display names of everyone the figures mention. */
  names: Record<string, string>;
}

/** A set for its lead: progress per clinician, the consensus and the clinicians' agreement. */
export async function getSetOverview({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SetOverview> {
  requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const set = readSet(tx, setId);
      const people = tx
        .select({ id: users.id, name: users.name })
        .from(calibrationSetClinicians)
        .innerJoin(users, eq(users.id, calibrationSetClinicians.userId))
        .where(eq(calibrationSetClinicians.setId, setId))
        .orderBy(asc(users.name), asc(users.id))
        .all();
      const entries = queueEntries(tx, setId);
      const clinicians = people.map((p) => ({ ...p, progress: progressOf(entries.filter((e) => e.userId === p.id)) }));
      const { table, consensus } = setUnits(db, setId);
      const units = { total: table.count, withConsensus: 0, noConsensus: 0, satisfied: 0, notSatisfied: 0 };
      for (const code of consensus) {
        if (code === MISSING) units.noConsensus++;
        else {
          units.withConsensus++;
          if (code === ONE) units.satisfied++;
          else units.notSatisfied++;
        }
      }
      const creator = tx.select({ name: users.name }).from(users).where(eq(users.id, set.createdBy)).get();
      const [{ n: responses }] = tx.all<{ n: number }>(sql`SELECT count(*) AS n FROM calibration_set_responses WHERE set_id = ${setId}`);
      return {
        set: { id: set.id, name: set.name, seed: set.seed, status: set.status, createdBy: creator?.name ?? set.createdBy, createdAt: set.createdAt, closedAt: set.closedAt },
        items: table.items.length,
        responses,
        clinicians,
        units,
        agreement: clinicianAgreement(table, dimensionsPresent(table)),
        names: Object.fromEntries(people.map((p) => [p.id, p.name])),
      };
    },
    { behavior: "deferred" },
  );
}
