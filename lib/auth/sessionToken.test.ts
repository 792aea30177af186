import { decode, encode, type JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeSession, encodeSession } from "./sessionToken";

const secret = "a test secret of the session token, long enough";
const token: JWT = { id: "clin-1", email: "clin@concord.example", name: "Clin", roles: ["clinician"], sessionVersion: 3 };

describe("the session token", () => {
  it("is next-auth's own format both ways: cookies issued before the change stay valid, and next-auth reads ours", async () => {
    const theirs = await encode({ token, secret, maxAge: 600 });
    expect(await decodeSession({ token: theirs, secret })).toMatchObject(token);
    const ours = await encodeSession({ token, secret, maxAge: 600 });
    const read = await decode({ token: ours, secret });
    expect(read).toMatchObject(token);
    expect((read?.exp as number) - Math.floor(Date.now() / 1000)).toBeGreaterThan(590);
    expect(read?.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a key per secret and salt: another secret's or salt's token is refused, and an expired one too", async () => {
    const ours = await encodeSession({ token, secret, maxAge: 600 });
    await expect(decodeSession({ token: ours, secret: `${secret}!` })).rejects.toThrow();
    await expect(decodeSession({ token: ours, secret, salt: "other" })).rejects.toThrow();
    const expired = await encodeSession({ token, secret, maxAge: -60 });
    await expect(decodeSession({ token: expired, secret })).rejects.toThrow(/exp/);
    expect(await decodeSession({ token: undefined, secret })).toBeNull();
  });
});
