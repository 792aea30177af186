import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/db/client";
import { authenticate } from "@/lib/server/users/authenticate";
import { endSessions, sessionIsCurrent } from "@/lib/server/users/sessions";
import { safeRedirect } from "./callbackUrl";
import { authSecret } from "./secret";
import { decodeSession, encodeSession } from "./sessionToken";

const Credentials = z.object({ email: z.string().trim().min(1), password: z.string().min(1) });

/** Thrown from the jwt callback for an ended session: next-auth then clears the cookie and answers no session. */
const SESSION_ENDED = "session ended";

let options: AuthOptions | undefined;

/**
 * Secure (`__Secure-`) cookies whenever the public address is https — behind a
 * TLS-terminating reverse proxy, set NEXTAUTH_URL to the https address.
 */
export function secureCookies(publicUrl = process.env.NEXTAUTH_URL): boolean {
  return publicUrl?.startsWith("https://") ?? false;
}

/** next-auth's configuration, built on first use so `next build` needs no secret. */
export function authOptions(): AuthOptions {
  options ??= {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    jwt: { encode: encodeSession, decode: decodeSession },
    useSecureCookies: secureCookies(),
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        // Unknown account and wrong password both end here as null: the login page
        // shows one message for both, so it never reveals whether an account exists.
        async authorize(credentials) {
          const parsed = Credentials.safeParse(credentials);
          if (!parsed.success) return null;
          return authenticate(parsed.data);
        },
      }),
    ],
    callbacks: {
      // Runs on every session read through next-auth (/api/auth/session; getCtx makes the
      // same check itself): a token whose session version is no longer the user's, or
      // whose user is inactive, is ended.
      jwt({ token, user }) {
        if (user) {
          token.id = user.id;
          token.roles = user.roles;
          token.sessionVersion = user.sessionVersion;
          return token;
        }
        if (!sessionIsCurrent(getDb(), token.id, token.sessionVersion)) throw new Error(SESSION_ENDED);
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.id, email: token.email ?? "", name: token.name ?? "", roles: token.roles };
        return session;
      },
      redirect({ url, baseUrl }) {
        return safeRedirect(url, baseUrl);
      },
    },
    events: {
      // Signing out on one device ends the user's sessions everywhere.
      signOut({ token }) {
        if (token?.id) endSessions(getDb(), token.id);
      },
    },
    logger: {
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: unknown } | undefined)?.message;
        if (code === "JWT_SESSION_ERROR" && message === SESSION_ENDED) return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
      warn(code) {
        console.warn(`[next-auth][warn][${code}]`);
      },
      debug() {},
    },
  };
  return options;
}
