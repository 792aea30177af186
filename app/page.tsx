import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { homeFor } from "@/lib/auth/areas";
import { requirePageUser } from "@/lib/auth/ctx";

/** Sends each person to their own area: lead, then author, then clinician. */
export default async function Home() {
  const user = await requirePageUser();
  const home = homeFor(user.roles);
  if (home) redirect(home);
  return (
    <PageHeader title="No role yet">
      Your account is active but has no role yet. Ask a project lead to give you one.
    </PageHeader>
  );
}
