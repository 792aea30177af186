import { z } from "zod";
import { Id } from "@/lib/bundle/schema";
import { ROLES } from "@/lib/roles";

/** Shared by the forms and the user services. */
export const Email = z.string().trim().toLowerCase().pipe(z.email("must be an email address"));
// bcrypt reads at most 72 bytes; longer passwords would be silently truncated.
export const Password = z
  .string()
  .min(10, "must be at least 10 characters")
  .refine((p) => new TextEncoder().encode(p).length <= 72, "must be at most 72 bytes");
export const Name = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
export const Roles = z.array(z.enum(ROLES)).min(1, "choose at least one role").transform((roles) => [...new Set(roles)].sort());

export const CreateUserInput = z.strictObject({
  /** Optional stable id, e.g. the `rater` id this clinician has in bundles. */
  id: Id.optional(),
  email: Email,
  name: Name,
  password: Password,
  roles: Roles,
});
export type CreateUserInput = z.input<typeof CreateUserInput>;

export const UserIdInput = z.strictObject({ userId: Id });
export type UserIdInput = z.input<typeof UserIdInput>;

export const SetUserRolesInput = z.strictObject({ userId: Id, roles: Roles });
export type SetUserRolesInput = z.input<typeof SetUserRolesInput>;

export const ResetUserPasswordInput = z.strictObject({ userId: Id, password: Password });
export type ResetUserPasswordInput = z.input<typeof ResetUserPasswordInput>;
