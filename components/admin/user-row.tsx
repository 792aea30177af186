"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import {
  deactivateUserAction,
  reactivateUserAction,
  resetUserPasswordAction,
  setUserRolesAction,
} from "@/lib/actions/users";
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import type { UserSummary } from "@/lib/server/users/read";
import { ActionFeedback } from "./action-feedback";
import { RoleCheckboxes, rolesFrom } from "./role-checkboxes";

export function UserRow({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <div className="min-w-48 flex-1">
          <p className="font-medium text-slate-900">
            {user.name}
            {isSelf ? <span className="ml-2 text-sm font-normal text-slate-500">(you)</span> : null}
          </p>
          <p className="text-sm text-slate-600">{user.email ?? "No email (imported rater)"}</p>
        </div>
        <p className="text-sm text-slate-700">{user.roles.length > 0 ? user.roles.join(", ") : "no role"}</p>
        <p className={`text-sm font-medium ${user.active ? "text-emerald-800" : "text-slate-500"}`}>
          {user.active ? "Active" : "Deactivated"}
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className={secondaryButtonClass}
        >
          Manage <span className="sr-only">{user.name}</span>
        </button>
      </div>
      {open ? (
        <div id={panelId} className="mt-4 grid gap-6 border-t border-slate-100 pt-4 md:grid-cols-3">
          <RolesForm user={user} />
          <PasswordForm user={user} />
          <ActiveToggle user={user} />
        </div>
      ) : null}
    </li>
  );
}

function RolesForm({ user }: { user: UserSummary }) {
  const mutation = useMutation({ mutationFn: setUserRolesAction });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate({ userId: user.id, roles: rolesFrom(new FormData(event.currentTarget)) });
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <RoleCheckboxes idPrefix={`roles-${user.id}`} defaultRoles={user.roles} />
      <button type="submit" disabled={mutation.isPending} className={buttonClass}>
        Save roles
      </button>
      <ActionFeedback result={mutation.data} error={mutation.error} success="Roles saved." />
    </form>
  );
}

function PasswordForm({ user }: { user: UserSummary }) {
  const mutation = useMutation({ mutationFn: resetUserPasswordAction });
  const id = `password-${user.id}`;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const password = String(new FormData(formElement).get("password") ?? "");
    mutation.mutate({ userId: user.id, password }, { onSuccess: (result) => result.ok && formElement.reset() });
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <div>
        <label htmlFor={id} className={labelClass}>
          New password
        </label>
        <input id={id} name="password" type="password" minLength={10} required autoComplete="new-password" className={inputClass} />
      </div>
      <button type="submit" disabled={mutation.isPending} className={buttonClass}>
        Reset password
      </button>
      <ActionFeedback result={mutation.data} error={mutation.error} success="Password reset." />
    </form>
  );
}

function ActiveToggle({ user }: { user: UserSummary }) {
  const mutation = useMutation({ mutationFn: user.active ? deactivateUserAction : reactivateUserAction });
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {user.active
          ? "Deactivating signs this person out and stops them signing in. Their labels are kept."
          : "Reactivating lets this person sign in again with their password."}
      </p>
      <button
        type="button"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ userId: user.id })}
        className={secondaryButtonClass}
      >
        {user.active ? "Deactivate" : "Reactivate"}
      </button>
      <ActionFeedback result={mutation.data} error={mutation.error} success={user.active ? "Reactivated." : "Deactivated."} />
    </div>
  );
}
