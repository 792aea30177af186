import "server-only";
import { count, inArray } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/db/client";
import { items, userRoles, users } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import { emptyBundle } from "@/lib/bundle/schema";
import { bundleText, importInto } from "@/lib/server/bundle/importInto";
import { insertCalibrationSet } from "@/lib/server/sets/insertCalibrationSet";
import { hashPassword } from "@/lib/server/users/password";
import type { DemoCorpus, SeedResult } from "./corpus";
import { insertSimulator } from "./insertSimulator";

const ACTOR = "system";

function isEmpty(db: Db | Tx): boolean {
  const [{ n: people }] = db.select({ n: count() }).from(users).all();
  const [{ n: corpus }] = db.select({ n: count() }).from(items).all();
  return people === 0 && corpus === 0;
}

/**
 * Seeds `corpus` into a database with no users and no items, in one transaction and
 * through the bundle import path (with the simulator's endpoint, judges and models when it has them); on any other database it changes nothing and
 * reports which demo accounts exist.
 */
export async function seedCorpusIfEmpty(corpus: DemoCorpus): Promise<SeedResult> {
  const db = getDb();
  const listed = (seeded: boolean): SeedResult => {
    const present = new Set(db.select({ email: users.email }).from(users).where(inArray(users.email, corpus.accounts.map((a) => a.email))).all().map((u) => u.email));
    const accounts = corpus.accounts.filter((a) => present.has(a.email)).map(({ email, password, roles }) => ({ email, password, roles }));
    return { seeded, accounts };
  };
  if (!isEmpty(db)) return listed(false);

  const hashes = await Promise.all(corpus.accounts.map((a) => hashPassword(a.password)));
  const seeded = db.transaction(
    (tx) => {
      // Another process may have seeded while the passwords were hashed.
      if (!isEmpty(tx)) return false;
      const now = new Date();
      corpus.accounts.forEach((a, i) => {
        tx.insert(users).values({ id: a.id, email: a.email, name: a.name, passwordHash: hashes[i], active: true, createdAt: now }).run();
        tx.insert(userRoles).values(a.roles.map((role) => ({ userId: a.id, role }))).run();
      });
      // The corpus first, then the set, then the labels: a label lands in the set holding its unit.
      const corpusOnly = importInto(tx, bundleText({ ...corpus.bundle, labels: [] }), ACTOR, { modelDrafted: new Set(corpus.modelDraftedCriteria) });
      const setId = insertCalibrationSet(tx, { ...corpus.calibrationSet, createdBy: ACTOR }, now);
      const labeled = corpus.bundle.labels.length > 0 ? importInto(tx, bundleText({ ...emptyBundle(), labels: corpus.bundle.labels }), ACTOR) : null;
      const imported = { ...corpusOnly, counts: { ...corpusOnly.counts, labels: labeled?.counts.labels ?? corpusOnly.counts.labels } };
      if (corpus.simulator) insertSimulator(tx, corpus.simulator, ACTOR, now);
      audit(tx, { actor: ACTOR, action: "demo.seed", entity: "database", detail: { ...imported, accounts: corpus.accounts.map((a) => a.id), calibrationSet: setId } });
      return true;
    },
    { behavior: "immediate" },
  );
  return listed(seeded);
}
