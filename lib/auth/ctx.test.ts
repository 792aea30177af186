import type { JWT } from "next-auth/jwt";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { createFirstLead } from "@/lib/server/users/createFirstLead";
import { endSessions } from "@/lib/server/users/sessions";
import { freshDb } from "@/test/db";
import { cookiesOf, sessionCtx } from "./ctx";
import { authSecret } from "./secret";
import { encodeSession } from "./sessionToken";

process.env.NEXTAUTH_SECRET ??= "a secret for tests only";

const COOKIE = "next-auth.session-token";

describe("the session context of a request's cookies", () => {
  let leadId: string;
  const tokenFor = (claims: JWT, secret = authSecret()) => encodeSession({ token: claims, secret, maxAge: 3600 });
  beforeEach(async () => {
    freshDb();
    leadId = (await createFirstLead({ email: "lead@example.org", name: "Lea", password: "correct horse battery" })).id;
  });

  it("reads cookies from a Cookie header, percent-decoded and quoted ones included", () => {
    expect(cookiesOf("a=1; next-auth.session-token=x%3Dy;  b=\"two\"; junk; =v").getAll()).toEqual([
      { name: "a", value: "1" },
      { name: COOKIE, value: "x=y" },
      { name: "b", value: "two" },
    ]);
    expect(cookiesOf(undefined).getAll()).toEqual([]);
  });

  it("is the user of a current session, with the roles read from the database", async () => {
    const token = await tokenFor({ id: leadId, roles: ["clinician"], sessionVersion: 0 });
    expect(await sessionCtx(cookiesOf(`other=1; ${COOKIE}=${token}`))).toEqual({ user: { id: leadId, email: "lead@example.org", name: "Lea", roles: ["lead"] } });
  });

  it("is no one without a cookie, with a token under another secret, a garbled one, or one whose sessions were ended", async () => {
    expect(await sessionCtx(cookiesOf(undefined))).toEqual({ user: null });
    expect(await sessionCtx(cookiesOf(`${COOKIE}=${await tokenFor({ id: leadId, roles: [], sessionVersion: 0 }, "another secret")}`))).toEqual({ user: null });
    expect(await sessionCtx(cookiesOf(`${COOKIE}=not-a-token`))).toEqual({ user: null });
    const token = await tokenFor({ id: leadId, roles: [], sessionVersion: 0 });
    endSessions(getDb(), leadId);
    expect(await sessionCtx(cookiesOf(`${COOKIE}=${token}`))).toEqual({ user: null });
  });
});
