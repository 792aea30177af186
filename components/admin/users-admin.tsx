import type { UserSummary } from "@/lib/server/users/read";
import { CreateUserForm } from "./create-user-form";
import { UserRow } from "./user-row";

export function UsersAdmin({ users, currentUserId }: { users: UserSummary[]; currentUserId: string }) {
  return (
    <div className="space-y-10">
      <CreateUserForm />
      <section aria-labelledby="all-users">
        <h2 id="all-users" className="mb-3 text-lg font-semibold text-slate-900">
          Everyone ({users.length})
        </h2>
        <ul className="space-y-3">
          {users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
          ))}
        </ul>
      </section>
    </div>
  );
}
