import type { Metadata } from "next";
import Link from "next/link";
import { ZodError } from "zod";
import { ItemFilters } from "@/components/items/item-filters";
import { NewItemForm } from "@/components/items/new-item-form";
import { ItemTable } from "@/components/items/item-table";
import { Pagination } from "@/components/items/pagination";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { searchItems } from "@/lib/server/authoring/searchItems";

export const metadata: Metadata = { title: "Items" };

type Search = Record<string, string | string[] | undefined>;

/** The URL's filters; empty fields (a submitted form's "Any") mean no filter. */
function filtersOf(search: Search): Record<string, string> {
  return Object.fromEntries(Object.entries(search).flatMap(([key, value]) => (typeof value === "string" && value !== "" ? [[key, value]] : [])));
}

export default async function ItemsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requirePageUser("author", "lead");
  const filters = filtersOf(await searchParams);
  const ctx = await getCtx();
  const result = await searchItems({ ctx, input: filters }).catch((error: unknown) => {
    if (error instanceof ZodError) return null;
    throw error;
  });
  return (
    <>
      <PageHeader title="Items">
        Find an item by its metadata, its authoring status or words from its dialogue and notes, then edit its dialogue, rubric and reference.{" "}
        <Link href="/revisions" className="font-medium text-accent-strong underline">
          Revision statistics
        </Link>
      </PageHeader>
      {result ? (
        <div className="space-y-5">
          {user.roles.includes("author") ? <NewItemForm /> : null}
          {/* Keyed by the filters: after a navigation (Clear all, a link) the menus show the URL's filters, not the last ones chosen. */}
          <ItemFilters key={new URLSearchParams(filters).toString()} filters={filters} facets={result.facets} />
          <p className="text-sm text-slate-700" aria-live="polite">
            {result.total === 0
              ? "No items match these filters."
              : `${result.total} item${result.total === 1 ? "" : "s"} match${result.total === 1 ? "es" : ""}; page ${result.page} of ${result.pages}.`}
          </p>
          {result.items.length > 0 ? <ItemTable items={result.items} /> : null}
          <Pagination filters={filters} page={result.page} pages={result.pages} />
        </div>
      ) : (
        <Notice tone="error" title="These filters are not valid.">
          <Link href="/items" className="underline">
            Show all items
          </Link>
        </Notice>
      )}
    </>
  );
}
