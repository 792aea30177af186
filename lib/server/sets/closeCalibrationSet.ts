import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { calibrationSets } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Conflict } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { readSet } from "./readSet";
import { SetIdInput } from "./schema";

/** Closes a set: from now on the server refuses every change to its labels. */
export async function closeCalibrationSet({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ closedAt: Date }> {
  const lead = requireRole(ctx, "lead");
  const { setId } = SetIdInput.parse(input);
  return getDb().transaction(
    (tx) => {
      const set = readSet(tx, setId);
      if (set.status === "closed") throw new Conflict("This calibration set is already closed.");
      const closedAt = new Date();
      tx.update(calibrationSets).set({ status: "closed", closedAt }).where(eq(calibrationSets.id, setId)).run();
      audit(tx, { actor: lead.id, action: "calibration_set.close", entity: "calibration_set", entityId: setId, detail: { old: "open", new: "closed" } }, closedAt);
      return { closedAt };
    },
    { behavior: "immediate" },
  );
}
