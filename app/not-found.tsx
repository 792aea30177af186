import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found">There is no page at this address.</PageHeader>
      <Link href="/" className="font-medium text-accent-strong underline underline-offset-2">
        Go to your home page
      </Link>
    </>
  );
}
