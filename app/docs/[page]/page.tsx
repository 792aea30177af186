import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/ctx";
import { renderDoc } from "@/lib/docs/render";

export const metadata: Metadata = { title: "Documentation" };

/**
 * A page of the project's docs/ (e.g. /docs/scoring.md#bootstrap), so the figures of
 * the leaderboard can link to their definitions. Leads and authors.
 */
export default async function DocPage({ params }: { params: Promise<{ page: string }> }) {
  await requirePageUser("lead", "author");
  const { page } = await params;
  const path = join(process.cwd(), "docs", page);
  if (!/^[a-z-]+\.md$/.test(page) || !existsSync(path)) notFound();
  return <article className="doc" dangerouslySetInnerHTML={{ __html: renderDoc(readFileSync(path, "utf8")) }} />;
}
