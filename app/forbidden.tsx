import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export default function Forbidden() {
  return (
    <>
      <PageHeader title="Not for your role">
        This page belongs to another role&apos;s area, so it is not available to your account. If you think
        you need it, ask a project lead.
      </PageHeader>
      <Link href="/" className="font-medium text-accent-strong underline underline-offset-2">
        Go to your home page
      </Link>
    </>
  );
}
