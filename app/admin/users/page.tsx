import type { Metadata } from "next";
import { UsersAdmin } from "@/components/admin/users-admin";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listUsers } from "@/lib/server/users/listUsers";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const lead = await requirePageUser("lead");
  const users = await listUsers({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="Users">Create accounts, choose each person&apos;s roles, reset passwords and deactivate accounts.</PageHeader>
      <UsersAdmin users={users} currentUserId={lead.id} />
    </>
  );
}
