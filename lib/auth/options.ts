import "server-only";
import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { authenticate } from "@/lib/server/users/authenticate";
import { authSecret } from "./secret";

const Credentials = z.object({ email: z.string().trim().min(1), password: z.string().min(1) });

let options: AuthOptions | undefined;

/** next-auth's configuration, built on first use so `next build` needs no secret. */
export function authOptions(): AuthOptions {
  options ??= {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
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
      jwt({ token, user }) {
        if (user) {
          token.id = user.id;
          token.roles = user.roles;
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.id, email: token.email ?? "", name: token.name ?? "", roles: token.roles };
        return session;
      },
    },
  };
  return options;
}
