/**
 * One clinician's verdict saved on the server's own connection setup (getDb) while the
 * test holds the database's write lock, so that it is journaled: prints the answer once
 * it is given, then waits to be killed (lib/server/labeling/saveJournal.test.ts, kill -9
 * before the journal is drained).
 */
import { saveLabel } from "@/lib/server/labeling/saveLabel";

const [setId, userId, number, criterionId] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4]), process.argv[5]];
const ctx = { user: { id: userId, email: `${userId}@demo.test`, name: userId, roles: ["clinician" as const] } };
const saved = await saveLabel({ ctx, input: { setId, number, criterionId, verdict: true, rationale: "Named the hopelessness.", givenAt: Date.now() } });
process.stdout.write(`${JSON.stringify(saved)}\n`);
setInterval(() => {}, 60_000);
