import type { Metadata } from "next";
import { SupportResources } from "@/components/support/support-resources";
import { PageHeader } from "@/components/ui/page-header";
import { env } from "@/lib/env";
import { readSupportResources } from "@/lib/server/support/readSupportResources";

export const metadata: Metadata = { title: "Support for you" };

export default function SupportPage() {
  return (
    <>
      <PageHeader title="Support for you">
        The conversations in Concord describe people in distress. Reading them for hours is demanding work, and
        it is normal for it to affect you.
      </PageHeader>
      <SupportResources resources={readSupportResources()} breakMinutes={env().CONCORD_BREAK_MINUTES} />
    </>
  );
}
