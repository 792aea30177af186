"use server";

import { revalidatePath } from "next/cache";
import { act } from "@/lib/auth/respond";
import type { Ctx } from "@/lib/server/context";
import { createUser } from "@/lib/server/users/createUser";
import { deactivateUser } from "@/lib/server/users/deactivateUser";
import { reactivateUser } from "@/lib/server/users/reactivateUser";
import { resetUserPassword } from "@/lib/server/users/resetUserPassword";
import type { CreateUserInput, ResetUserPasswordInput, SetUserRolesInput, UserIdInput } from "@/lib/server/users/schema";
import { setUserRoles } from "@/lib/server/users/setUserRoles";

// Each action is a public endpoint: the service checks the lead role and parses the
// input itself, whatever the page around it did.
function userAction<I, T>(service: (args: { ctx: Ctx; input: I }) => Promise<T>) {
  return (input: I) =>
    act(async (ctx) => {
      const result = await service({ ctx, input });
      revalidatePath("/admin/users");
      return result;
    });
}

export async function createUserAction(input: CreateUserInput) {
  return userAction(createUser)(input);
}

export async function setUserRolesAction(input: SetUserRolesInput) {
  return userAction(setUserRoles)(input);
}

export async function resetUserPasswordAction(input: ResetUserPasswordInput) {
  return userAction(resetUserPassword)(input);
}

export async function deactivateUserAction(input: UserIdInput) {
  return userAction(deactivateUser)(input);
}

export async function reactivateUserAction(input: UserIdInput) {
  return userAction(reactivateUser)(input);
}
