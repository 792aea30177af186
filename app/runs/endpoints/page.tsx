import type { Metadata } from "next";
import { EndpointsAdmin } from "@/components/runs/endpoints-admin";
import { RunsTabs } from "@/components/runs/runs-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { listEndpoints } from "@/lib/server/endpoints/listEndpoints";

export const metadata: Metadata = { title: "Endpoints" };

export default async function EndpointsPage() {
  await requirePageUser("lead");
  const endpoints = await listEndpoints({ ctx: await getCtx() });
  return (
    <>
      <PageHeader title="Endpoints">
        The OpenAI-compatible servers Concord sends judges&apos; and target models&apos; requests to. A key is never stored:
        an endpoint names the environment variable that holds it.
      </PageHeader>
      <RunsTabs />
      <EndpointsAdmin endpoints={endpoints} />
    </>
  );
}
