import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { env } from "@/lib/env";

let cached: string | undefined;

/**
 * The key that signs session tokens: NEXTAUTH_SECRET when set, otherwise one generated
 * on first use and kept beside the database (mode 600), so `npm start` needs no
 * configuration and sessions survive restarts.
 */
export function authSecret(): string {
  cached ??= env().NEXTAUTH_SECRET ?? readOrCreateSecretFile(secretPath());
  return cached;
}

export function secretPath(): string {
  return join(dirname(env().CONCORD_DB_PATH), ".auth-secret");
}

function readOrCreateSecretFile(path: string): string {
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // `wx` fails if another process created it first; then theirs wins.
  try {
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch {
    return readFileSync(path, "utf8").trim();
  }
  chmodSync(path, 0o600);
  return secret;
}
