import { ROLES, type Role } from "@/lib/roles";

const LABELS: Record<Role, string> = { clinician: "Clinician", author: "Author", lead: "Lead" };

/** The role choices of a form, submitted as repeated `roles` fields. */
export function RoleCheckboxes({ idPrefix, defaultRoles = [] }: { idPrefix: string; defaultRoles?: readonly Role[] }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">Roles</legend>
      <div className="flex flex-wrap gap-4">
        {ROLES.map((role) => (
          <label key={role} htmlFor={`${idPrefix}-${role}`} className="flex items-center gap-2">
            <input
              id={`${idPrefix}-${role}`}
              type="checkbox"
              name="roles"
              value={role}
              defaultChecked={defaultRoles.includes(role)}
              className="size-4 accent-accent"
            />
            {LABELS[role]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function rolesFrom(form: FormData): Role[] {
  return form.getAll("roles").filter((value): value is Role => ROLES.includes(value as Role));
}
