import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { freshDb } from "@/test/db";
import { authenticate } from "./authenticate";
import { createFirstLead } from "./createFirstLead";

const PASSWORD = "correct horse battery";

describe("authenticate", () => {
  let db: Db;
  beforeEach(async () => {
    db = freshDb();
    await createFirstLead({ email: "lead@example.org", name: "Lea", password: PASSWORD });
  });

  it("returns the session user and their session version for good credentials, whatever the email's case", async () => {
    const user = await authenticate({ email: " LEAD@example.org", password: PASSWORD });
    expect(user).toMatchObject({ email: "lead@example.org", name: "Lea", roles: ["lead"], sessionVersion: 0 });
  });

  it("answers the same for an unknown email and a wrong password", async () => {
    expect(await authenticate({ email: "nobody@example.org", password: PASSWORD })).toBeNull();
    expect(await authenticate({ email: "lead@example.org", password: "not the password" })).toBeNull();
  });

  it("refuses raters without a login and inactive accounts", async () => {
    db.run(sql`INSERT INTO users (id, email, name, password_hash, active, created_at) VALUES ('clin-9', NULL, 'clin-9', NULL, 1, 0)`);
    expect(await authenticate({ email: "", password: "" })).toBeNull();
    db.run(sql`UPDATE users SET active = 0 WHERE email = 'lead@example.org'`);
    expect(await authenticate({ email: "lead@example.org", password: PASSWORD })).toBeNull();
  });
});
