import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { cardClass } from "@/components/ui/styles";
import { safeCallbackPath } from "@/lib/auth/callbackUrl";
import { getCtx } from "@/lib/auth/ctx";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await getCtx();
  // Only same-site paths, so the sign-in page cannot be used to send people elsewhere.
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  if (user) redirect(callbackUrl);
  return (
    <div className="mx-auto max-w-md pt-8">
      <p className="text-center text-lg font-semibold tracking-tight text-accent-strong">Concord</p>
      <div className={`${cardClass} mt-4`}>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">Sign in</h1>
        <LoginForm callbackUrl={callbackUrl} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link href="/support" className="font-medium text-accent-strong underline underline-offset-2">
          Support for you
        </Link>{" "}
        — resources for people who work with this material.
      </p>
    </div>
  );
}
