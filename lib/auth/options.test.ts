import { beforeEach, describe, expect, it } from "vitest";
import type { JWT } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { createFirstLead } from "@/lib/server/users/createFirstLead";
import { endSessions } from "@/lib/server/users/sessions";
import { freshDb } from "@/test/db";
import { authOptions, secureCookies } from "./options";

process.env.NEXTAUTH_SECRET ??= "a secret for tests only";

describe("next-auth options", () => {
  it("uses Secure cookies exactly when the public address is https", () => {
    expect(secureCookies("https://concord.example.org")).toBe(true);
    expect(secureCookies("http://localhost:3000")).toBe(false);
    expect(secureCookies(undefined)).toBe(false);
  });

  describe("the jwt callback", () => {
    let leadId: string;
    const jwt = async (token: Partial<JWT>) => authOptions().callbacks?.jwt?.({ token: token as JWT, user: undefined as never, account: null });
    beforeEach(async () => {
      freshDb();
      leadId = (await createFirstLead({ email: "lead@example.org", name: "Lea", password: "correct horse battery" })).id;
    });

    it("keeps a token whose session version is current", async () => {
      await expect(jwt({ id: leadId, roles: ["lead"], sessionVersion: 0 })).resolves.toMatchObject({ id: leadId });
    });

    it("ends a token issued before its user's sessions were ended, or without a version", async () => {
      await expect(jwt({ id: leadId, roles: ["lead"] })).rejects.toThrow(/session ended/);
      endSessions(getDb(), leadId);
      await expect(jwt({ id: leadId, roles: ["lead"], sessionVersion: 0 })).rejects.toThrow(/session ended/);
      await expect(jwt({ id: leadId, roles: ["lead"], sessionVersion: 1 })).resolves.toMatchObject({ sessionVersion: 1 });
    });
  });
});
