import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { DEMO_ACCOUNTS } from "@/lib/demo/accounts";
import { freshDb } from "@/test/db";
import { hashPassword } from "@/lib/server/users/password";
import { seedDemo } from "./seedDemo";

describe("seedDemo", () => {
  let db: Db;
  const itemCount = () => db.all<{ n: number }>(sql`SELECT count(*) AS n FROM items`)[0].n;
  beforeEach(() => {
    db = freshDb();
  });

  it("never seeds a database npm start did not create, even an empty one", async () => {
    expect(await seedDemo({ created: false, demo: true })).toEqual({ seeded: false, accounts: [] });
    expect(itemCount()).toBe(0);
    expect(db.all(sql`SELECT id FROM users`)).toEqual([]);
  });

  it("seeds a database it created, unless the demo is turned off (CONCORD_DEMO=0)", async () => {
    expect(await seedDemo({ created: true, demo: false })).toEqual({ seeded: false, accounts: [] });
    expect(itemCount()).toBe(0);
    const seeded = await seedDemo({ created: true, demo: true });
    expect(seeded.seeded).toBe(true);
    expect(seeded.accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(itemCount()).toBeGreaterThan(0);
  });

  it("lists only the demo accounts that still sign in with their public passwords", async () => {
    await seedDemo({ created: true, demo: true });
    const [changed, deactivated] = DEMO_ACCOUNTS;
    db.run(sql`UPDATE users SET password_hash = ${await hashPassword("a private passphrase")} WHERE email = ${changed.email}`);
    db.run(sql`UPDATE users SET active = 0 WHERE email = ${deactivated.email}`);
    const later = await seedDemo({ created: false, demo: true });
    expect(later.seeded).toBe(false);
    expect(later.accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.slice(2).map((a) => a.email));
  });
});
