"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { createUserAction } from "@/lib/actions/users";
import { inputClass, labelClass, buttonClass, cardClass } from "@/components/ui/styles";
import { ActionFeedback } from "./action-feedback";
import { RoleCheckboxes, rolesFrom } from "./role-checkboxes";

export function CreateUserForm() {
  const mutation = useMutation({ mutationFn: createUserAction });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    mutation.mutate(
      {
        name: String(form.get("name") ?? ""),
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        roles: rolesFrom(form),
      },
      { onSuccess: (result) => result.ok && formElement.reset() },
    );
  }

  return (
    <section aria-labelledby="create-user" className={cardClass}>
      <h2 id="create-user" className="text-lg font-semibold text-slate-900">
        Create an account
      </h2>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="new-name" className={labelClass}>
            Name
          </label>
          <input id="new-name" name="name" required className={inputClass} />
        </div>
        <div>
          <label htmlFor="new-email" className={labelClass}>
            Email
          </label>
          <input id="new-email" name="email" type="email" required autoComplete="off" className={inputClass} />
        </div>
        <div>
          <label htmlFor="new-password" className={labelClass}>
            Initial password
          </label>
          <input
            id="new-password"
            name="password"
            type="password"
            required
            minLength={10}
            autoComplete="new-password"
            aria-describedby="new-password-hint"
            className={inputClass}
          />
          <p id="new-password-hint" className="mt-1 text-sm text-slate-600">
            At least 10 characters. Share it with the person privately.
          </p>
        </div>
        <RoleCheckboxes idPrefix="new-role" />
        <div className="sm:col-span-2 space-y-3">
          <button type="submit" disabled={mutation.isPending} className={buttonClass}>
            {mutation.isPending ? "Creating…" : "Create account"}
          </button>
          <ActionFeedback result={mutation.data} error={mutation.error} success="Account created." />
        </div>
      </form>
    </section>
  );
}
