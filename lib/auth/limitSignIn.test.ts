import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { DEFAULT_SIGN_IN_LIMITS, memorySignInLimiter } from "@/lib/server/users/signInLimiter";
import { clientKey, limitSignIn } from "./limitSignIn";

const URL_ = "http://localhost:3000/api/auth/callback/credentials";

function attempt(email: string, client = "203.0.113.7") {
  return new Request(URL_, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client },
    body: new URLSearchParams({ email, password: "wrong", csrfToken: "t", json: "true" }),
  });
}

/** next-auth's answers, as far as the throttle looks at them. */
const wrongPassword = async () => Response.json({ url: "http://localhost:3000/login?error=CredentialsSignin" }, { status: 401 });
const rightPassword = async () =>
  Response.json({ url: "http://localhost:3000/" }, { status: 200, headers: { "set-cookie": "next-auth.session-token=abc; Path=/; HttpOnly" } });

describe("limitSignIn", () => {
  it("answers the 21st wrong password inside a minute with 429 at once, for known and unknown accounts alike", async () => {
    const statuses: number[][] = [];
    for (const email of ["lead@example.org", "nobody@example.org"]) {
      const limiter = memorySignInLimiter();
      let checked = 0;
      const signIn = async () => (checked++, wrongPassword());
      const seen: number[] = [];
      for (let i = 0; i < 20; i++) seen.push((await limitSignIn(attempt(email), signIn, limiter)).status);
      const start = performance.now();
      const twentyFirst = await limitSignIn(attempt(email), signIn, limiter);
      const elapsed = performance.now() - start;
      expect(twentyFirst.status).toBe(429);
      expect(elapsed).toBeLessThan(50);
      expect(Number(twentyFirst.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await twentyFirst.json()) as { error: string; url: string };
      expect(body.error).toMatch(/Too many sign-in attempts/);
      expect(new URL(body.url).searchParams.get("error")).toBe("TooManyAttempts");
      // Only the attempts within the limit had their password checked.
      expect(checked).toBe(DEFAULT_SIGN_IN_LIMITS.account.attempts);
      statuses.push([...seen, twentyFirst.status]);
    }
    expect(statuses[0]).toEqual(statuses[1]);
    expect(statuses[0].filter((s) => s === 401)).toHaveLength(10);
  });

  it("counts parallel guesses before their passwords are checked", async () => {
    const limiter = memorySignInLimiter();
    let checked = 0;
    const signIn = async () => (checked++, wrongPassword());
    const answers = await Promise.all(Array.from({ length: 100 }, () => limitSignIn(attempt("lead@example.org"), signIn, limiter)));
    expect(checked).toBe(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(90);
  });

  it("locks out a client guessing across many emails, not other clients", async () => {
    const limiter = memorySignInLimiter();
    for (let i = 0; i < 20; i++) expect((await limitSignIn(attempt(`person${i}@example.org`), wrongPassword, limiter)).status).toBe(401);
    expect((await limitSignIn(attempt("person20@example.org"), wrongPassword, limiter)).status).toBe(429);
    expect((await limitSignIn(attempt("person20@example.org", "198.51.100.1"), wrongPassword, limiter)).status).toBe(401);
  });

  it("does not charge the client for attempts on an account already locked out", async () => {
    const limiter = memorySignInLimiter();
    for (let i = 0; i < 15; i++) await limitSignIn(attempt("locked@example.org"), wrongPassword, limiter);
    for (let i = 0; i < 10; i++) expect((await limitSignIn(attempt(`other${i}@example.org`), wrongPassword, limiter)).status).toBe(401);
  });

  it("starts an account's count over after its correct password", async () => {
    const limiter = memorySignInLimiter();
    for (let i = 0; i < 9; i++) await limitSignIn(attempt("lead@example.org"), wrongPassword, limiter);
    expect((await limitSignIn(attempt("lead@example.org"), rightPassword, limiter)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await limitSignIn(attempt("lead@example.org"), wrongPassword, limiter)).status).toBe(401);
  });

  it("keeps the lockout for a correct password too, until it expires", async () => {
    const limiter = memorySignInLimiter();
    for (let i = 0; i < 11; i++) await limitSignIn(attempt("lead@example.org"), wrongPassword, limiter);
    expect((await limitSignIn(attempt("lead@example.org"), rightPassword, limiter)).status).toBe(429);
  });

  it("reads the client from the last X-Forwarded-For entry, the one the nearest proxy added", () => {
    expect(clientKey(new Headers({ "x-forwarded-for": "10.0.0.1, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientKey(new Headers())).toBe("unknown");
  });
});
