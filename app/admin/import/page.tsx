import type { Metadata } from "next";
import { BundleImport } from "@/components/admin/bundle-import";
import { PageHeader } from "@/components/ui/page-header";
import { cardClass } from "@/components/ui/styles";
import { requirePageUser } from "@/lib/auth/ctx";

export const metadata: Metadata = { title: "Import & export" };

export default async function ImportPage() {
  await requirePageUser("lead");
  return (
    <>
      <PageHeader title="Import & export">
        Bundles are JSON Lines files holding items, rubrics, references, responses, labels and judge verdicts.
      </PageHeader>
      <div className="space-y-8">
        <BundleImport />
        <section aria-labelledby="export" className={cardClass}>
          <h2 id="export" className="text-lg font-semibold text-slate-900">
            Export everything
          </h2>
          <p className="mt-1 text-slate-600">Download every record in the database as one bundle.</p>
          {/* A plain link: the route handler answers with a file download. */}
          <a href="/api/bundle/export" download className="mt-4 inline-block font-medium text-accent-strong underline underline-offset-2">
            Download bundle (.jsonl)
          </a>
        </section>
      </div>
    </>
  );
}
