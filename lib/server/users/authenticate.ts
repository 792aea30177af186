import "server-only";
import { and, count, eq, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { signInFailures, users } from "@/db/schema";
import type { SessionUser } from "@/lib/server/context";
import { hashPassword, verifyPassword } from "./password";
import { rolesOf } from "./read";
import { DEFAULT_THROTTLE, throttleDelay, type ThrottlePolicy } from "./throttle";

const Credentials = z.object({ email: z.string().trim().toLowerCase().max(320), password: z.string().max(1024) });

export interface AuthenticateOptions {
  policy?: ThrottlePolicy;
  /** Injectable so tests can observe the delay instead of waiting for it. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Compared against when there is no usable hash, so an unknown email costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * Checks credentials for the sign-in form. Answers null for an unknown email, a
 * wrong password, an inactive account or a rater without a login alike, and takes
 * about as long for each. Failures per email are recorded; past a few in the window
 * every further attempt waits longer before it is answered.
 */
export async function authenticate(credentials: { email: string; password: string }, options: AuthenticateOptions = {}): Promise<SessionUser | null> {
  const { policy = DEFAULT_THROTTLE, sleep = realSleep, now = Date.now } = options;
  const parsed = Credentials.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const db = getDb();

  const since = new Date(now() - policy.windowMs);
  const [{ failures }] = db
    .select({ failures: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gte(signInFailures.at, since)))
    .all();
  const delay = throttleDelay(failures, policy);
  if (delay > 0) await sleep(delay);

  const user = db.select().from(users).where(eq(users.email, email)).get();
  decoyHash ??= hashPassword("decoy password, never matches");
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (user && user.active && user.passwordHash && matches) {
    db.delete(signInFailures).where(eq(signInFailures.email, email)).run();
    return { id: user.id, email, name: user.name, roles: rolesOf(db, user.id) };
  }
  db.transaction((tx) => {
    tx.insert(signInFailures).values({ email, at: new Date(now()) }).run();
    tx.delete(signInFailures).where(lt(signInFailures.at, since)).run();
  });
  return null;
}
