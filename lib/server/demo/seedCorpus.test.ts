import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { freshDb } from "@/test/db";
import { smallCorpus } from "@/test/smallCorpus";
import { authenticate } from "@/lib/server/users/authenticate";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { bundleText } from "@/lib/server/bundle/importInto";
import { seedCorpusIfEmpty } from "./seedCorpus";

describe("seedCorpusIfEmpty", () => {
  it("seeds an empty database once, with accounts, corpus and a calibration set", async () => {
    const db = freshDb();
    const corpus = { ...smallCorpus(), modelDraftedCriteria: ["I-1.c1", "I-1.c2"] };
    const first = await seedCorpusIfEmpty(corpus);
    expect(first.seeded).toBe(true);
    expect(first.accounts.map((a) => a.email)).toEqual(corpus.accounts.map((a) => a.email));

    expect(await authenticate({ email: "clin-2@demo.test", password: "demo-clin-2-pass" })).toMatchObject({ id: "clin-2", roles: ["clinician"] });
    // Labels went to the clinicians' accounts, not to new login-less raters.
    expect(db.all(sql`SELECT count(*) AS n FROM users`)).toEqual([{ n: 5 }]);
    expect(db.all(sql`SELECT set_id, count(*) AS n FROM calibration_queue GROUP BY set_id, user_id`)).toEqual([
      { set_id: 1, n: 4 }, { set_id: 1, n: 4 }, { set_id: 1, n: 4 },
    ]);
    // Bundles carry no provenance: the seed marks the model-drafted criteria it was told of.
    expect(db.all(sql`SELECT criterion_id AS id, provenance FROM rubric_criteria ORDER BY criterion_id`)).toEqual([
      { id: "I-1.c1", provenance: "model" }, { id: "I-1.c2", provenance: "model" },
      { id: "I-2.c1", provenance: "person" }, { id: "I-2.c2", provenance: "person" },
    ]);
    const lead = { user: { id: "lead-1", email: "lead@demo.test", name: "Lee Lead", roles: ["lead" as const] } };
    const lines = (text: string) => text.split("\n").sort();
    expect(lines(await exportBundle({ ctx: lead }))).toEqual(lines(bundleText(corpus.bundle).replace(/"assistant_turns"/g, '"run":1,"assistant_turns"')));

    const again = await seedCorpusIfEmpty(corpus);
    expect(again).toEqual({ seeded: false, accounts: first.accounts });
    expect(db.all(sql`SELECT count(*) AS n FROM calibration_sets`)).toEqual([{ n: 1 }]);
  });

  it("does not seed a database that already has people", async () => {
    const db = freshDb();
    db.run(sql`INSERT INTO users (id, email, name, created_at) VALUES ('someone', 'a@b.c', 'Someone', 0)`);
    expect(await seedCorpusIfEmpty(smallCorpus())).toEqual({ seeded: false, accounts: [] });
    expect(db.all(sql`SELECT count(*) AS n FROM items`)).toEqual([{ n: 0 }]);
  });

  it("gives each clinician a different, reproducible response order", async () => {
    const orders = async () => {
      const db = freshDb();
      await seedCorpusIfEmpty(smallCorpus());
      return db.all<{ user_id: string; response_id: string }>(sql`SELECT user_id, response_id FROM calibration_queue ORDER BY user_id, position`);
    };
    const first = await orders();
    expect(await orders()).toEqual(first);
    const of = (id: string) => first.filter((r) => r.user_id === id).map((r) => r.response_id).join();
    expect(new Set([of("clin-1"), of("clin-2"), of("clin-3")]).size).toBeGreaterThan(1);
  });
});
