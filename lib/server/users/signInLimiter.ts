import "server-only";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** How many sign-in attempts a key may fail within a window before it is locked out. */
export interface LimitPolicy {
  attempts: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface SignInLimits {
  /** Per email, whether or not an account has it, so a lockout says nothing about existence. */
  account: LimitPolicy;
  /** Per client address, against one client guessing across many emails. */
  client: LimitPolicy;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  account: { attempts: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  client: { attempts: 20, windowSeconds: 60, lockSeconds: 15 * 60 },
};

/**
 * The store behind the sign-in throttle. Concord runs as one process, so counters live
 * in memory (rate-limiter-flexible's RateLimiterMemory) and reset on restart; several
 * processes would need a shared store behind the same interface.
 */
export interface SignInLimiter {
  /**
   * Takes an attempt for both keys before the password is checked (so parallel guesses
   * count too). Answers 0 when it may go ahead, or the seconds until it may.
   */
  begin(keys: { account: string; client: string }): Promise<number>;
  /** A correct password: the account's count starts over and the client gets its attempt back. */
  succeeded(keys: { account: string; client: string }): Promise<void>;
}

function limiter(policy: LimitPolicy, keyPrefix: string): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix, points: policy.attempts, duration: policy.windowSeconds, blockDuration: policy.lockSeconds });
}

export function memorySignInLimiter(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS): SignInLimiter {
  const account = limiter(limits.account, "account");
  const client = limiter(limits.client, "client");
  return {
    async begin(keys) {
      try {
        // The account first: attempts on a locked account cost the client nothing more.
        await account.consume(keys.account);
        await client.consume(keys.client);
        return 0;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw refusal;
      }
    },
    async succeeded(keys) {
      await account.delete(keys.account);
      await client.reward(keys.client, 1);
    },
  };
}

/** The email as the throttle counts it: the same normalisation as sign-in itself. */
export function accountKey(email: unknown): string {
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
}
