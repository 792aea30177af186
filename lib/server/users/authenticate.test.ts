import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { freshDb } from "@/test/db";
import { authenticate } from "./authenticate";
import { createFirstLead } from "./createFirstLead";
import { DEFAULT_THROTTLE, throttleDelay } from "./throttle";

const PASSWORD = "correct horse battery";

describe("authenticate", () => {
  let db: Db;
  let delays: number[];
  const options = () => ({ sleep: async (ms: number) => void delays.push(ms) });
  beforeEach(async () => {
    db = freshDb();
    delays = [];
    await createFirstLead({ email: "lead@example.org", name: "Lea", password: PASSWORD });
  });

  it("returns the session user for good credentials, whatever the email's case", async () => {
    const user = await authenticate({ email: " LEAD@example.org", password: PASSWORD }, options());
    expect(user).toMatchObject({ email: "lead@example.org", name: "Lea", roles: ["lead"] });
  });

  it("answers the same for an unknown email and a wrong password, and records both", async () => {
    const unknown = await authenticate({ email: "nobody@example.org", password: PASSWORD }, options());
    const wrong = await authenticate({ email: "lead@example.org", password: "not the password" }, options());
    expect(unknown).toBeNull();
    expect(wrong).toBeNull();
    expect(db.all(sql`SELECT email FROM sign_in_failures ORDER BY id`)).toEqual([{ email: "nobody@example.org" }, { email: "lead@example.org" }]);
  });

  it("refuses raters without a login", async () => {
    db.run(sql`INSERT INTO users (id, email, name, password_hash, active, created_at) VALUES ('clin-9', NULL, 'clin-9', NULL, 1, 0)`);
    expect(await authenticate({ email: "", password: "" }, options())).toBeNull();
  });

  it("slows down repeated failures for one email, increasingly and capped, whether or not it exists", async () => {
    for (const email of ["lead@example.org", "nobody@example.org"]) {
      delays = [];
      for (let i = 0; i < 12; i++) await authenticate({ email, password: "wrong password" }, options());
      expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    }
    // The correct password still works after the wait, and clears the count.
    delays = [];
    expect(await authenticate({ email: "lead@example.org", password: PASSWORD }, options())).not.toBeNull();
    expect(await authenticate({ email: "lead@example.org", password: "wrong password" }, options())).toBeNull();
    expect(delays).toEqual([5000]);
  });

  it("forgets failures outside the window", async () => {
    let now = 1_000_000;
    for (let i = 0; i < 6; i++) await authenticate({ email: "lead@example.org", password: "x" }, { ...options(), now: () => now });
    expect(delays).toEqual([250]);
    now += DEFAULT_THROTTLE.windowMs + 1;
    await authenticate({ email: "lead@example.org", password: "x" }, { ...options(), now: () => now });
    expect(delays).toEqual([250]);
  });

  it("computes the delay from the policy", () => {
    expect([0, 4, 5, 6, 9, 10, 100].map((n) => throttleDelay(n, DEFAULT_THROTTLE))).toEqual([0, 0, 250, 500, 4000, 5000, 5000]);
  });
});
