import { randomUUID } from "node:crypto";
import hkdf from "@panva/hkdf";
import { EncryptJWT, jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "next-auth/jwt";

/**
 * next-auth's session token (an A256GCM-encrypted JWT, byte for byte the format of
 * `next-auth/jwt`'s own encode and decode), with its encryption key derived once per
 * secret instead of on every request: next-auth runs HKDF on each encode and decode,
 * and reading a session does both, which was a tenth of a clinician's save.
 */
const keys = new Map<string, Promise<Uint8Array>>();

function encryptionKey(secret: string | Buffer, salt: string): Promise<Uint8Array> {
  const id = `${typeof secret === "string" ? secret : secret.toString("base64")}\u0000${salt}`;
  let key = keys.get(id);
  if (!key) {
    key = hkdf("sha256", secret, salt, `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`, 32);
    keys.set(id, key);
  }
  return key;
}

/** The default session length next-auth uses when none is given. */
const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;

export async function encodeSession({ token, secret, maxAge = DEFAULT_MAX_AGE, salt = "" }: JWTEncodeParams): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT({ ...token })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(now + maxAge)
    .setJti(randomUUID())
    .encrypt(await encryptionKey(secret, salt));
}

export async function decodeSession({ token, secret, salt = "" }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const { payload } = await jwtDecrypt(token, await encryptionKey(secret, salt), { clockTolerance: 15 });
  return payload as JWT;
}
