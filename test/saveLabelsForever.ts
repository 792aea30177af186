/**
 * A clinician saving verdicts as fast as the server would, on the server's own
 * connection setup (getDb: WAL, synchronous NORMAL, checkpoints on their thread),
 * printing each save once it is answered: `UNIT VERDICT` per line, until killed.
 * Used by lib/server/labeling/durability.test.ts (kill -9 mid-save).
 */
import { getDb } from "@/db/client";
import { saveLabel } from "@/lib/server/labeling/saveLabel";

const [setId, userId] = [Number(process.argv[2]), process.argv[3]];
const units = getDb().$client.prepare(`
  SELECT q.position + 1 AS number, rc.criterion_id AS criterionId
  FROM calibration_queue q JOIN responses r ON r.id = q.response_id
  JOIN calibration_set_items si ON si.set_id = q.set_id AND si.item_id = r.item_id
  JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id
  WHERE q.set_id = ? AND q.user_id = ? ORDER BY q.position, rc.position`).all(setId, userId) as { number: number; criterionId: string }[];
const ctx = { user: { id: userId, email: `${userId}@demo.test`, name: userId, roles: ["clinician" as const] } };

for (let i = 0; ; i++) {
  const unit = units[i % units.length];
  const verdict = Math.floor(i / units.length) % 2 === 0;
  await saveLabel({ ctx, input: { setId, number: unit.number, criterionId: unit.criterionId, verdict, givenAt: Date.now() } });
  process.stdout.write(`${unit.number}:${unit.criterionId} ${verdict}\n`);
}
