import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { limitSignIn } from "@/lib/auth/limitSignIn";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request (memoised) so that `next build` needs no auth secret.
function handler(request: NextRequest, context: Context) {
  return NextAuth(request, context, authOptions());
}

/** Credential sign-ins go through the throttle first; every other next-auth POST goes straight on. */
async function post(request: NextRequest, context: Context) {
  const [action, provider] = (await context.params).nextauth;
  if (action === "callback" && provider === "credentials") return limitSignIn(request, (req) => handler(req, context));
  return handler(request, context);
}

export { handler as GET, post as POST };
