"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Notice } from "@/components/ui/notice";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";

// The same words for an unknown account and a wrong password, so the form never tells
// anyone which accounts exist; the throttle locks out unknown emails exactly as known ones.
const FAILED = "That email and password do not match an active account. Please check them and try again.";
const THROTTLED = "Too many sign-in attempts. Please wait a few minutes and try again.";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (result?.ok && !result.error) {
      // A full load, so every server component (the navigation too) renders with the new session.
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    setError(result?.status === 429 ? THROTTLED : FAILED);
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div>
        <label htmlFor="email" className={labelClass}>
          Email
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className={inputClass} />
      </div>
      <div>
        <label htmlFor="password" className={labelClass}>
          Password
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={`${buttonClass} w-full`}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
