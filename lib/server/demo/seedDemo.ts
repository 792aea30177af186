import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { demoCorpus } from "@/lib/demo";
import { demoLlmBaseUrl, env } from "@/lib/env";
import { verifyPassword } from "@/lib/server/users/password";
import { demoSimulatorSetup } from "@/lib/demo/simulatorSetup";
import type { SeedResult } from "./corpus";
import { seedCorpusIfEmpty } from "./seedCorpus";

/**
 * `npm start` calls this: a database it has just created (`created`) gets the
 * deterministic demo corpus, and the demo simulator at `simulatorUrl` as an endpoint
 * with the demo's judges and models, when `demo` (CONCORD_DEMO, on unless 0); an existing
 * database, even an empty one, is never seeded. Reports the demo accounts that can still sign in with
 * their public passwords (active, password unchanged).
 */
export async function seedDemo({ created, demo, simulatorUrl = demoLlmBaseUrl(env()) }: { created: boolean; demo: boolean; simulatorUrl?: string }): Promise<SeedResult> {
  const corpus = demoCorpus();
  const seeded = created && demo ? (await seedCorpusIfEmpty({ ...corpus, simulator: demoSimulatorSetup(simulatorUrl) })).seeded : false;
  const rows = getDb()
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.email, corpus.accounts.map((a) => a.email))))
    .all();
  const hashes = new Map(rows.map((r) => [r.email, r.hash]));
  const open = await Promise.all(corpus.accounts.map(async (a) => {
    const hash = hashes.get(a.email);
    return hash ? verifyPassword(a.password, hash) : false;
  }));
  return { seeded, accounts: corpus.accounts.filter((_, i) => open[i]).map(({ email, password, roles }) => ({ email, password, roles })) };
}
