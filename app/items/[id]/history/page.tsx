import type { Metadata } from "next";
import { itemPage } from "@/components/items/api";
import { CompareForm } from "@/components/rubric/compare-form";
import { RubricDiffTable } from "@/components/rubric/rubric-diff-table";
import { VersionTable } from "@/components/rubric/version-table";
import { WordDiff } from "@/components/rubric/word-diff";
import { getCtx } from "@/lib/auth/ctx";
import { getReferenceDiff } from "@/lib/server/authoring/getReferenceDiff";
import { getRubricDiff } from "@/lib/server/authoring/getRubricDiff";
import { listItemVersions } from "@/lib/server/authoring/listItemVersions";
import { loadItem, type ItemParams } from "../load";

export async function generateMetadata({ params }: ItemParams): Promise<Metadata> {
  return { title: `Versions of ${decodeURIComponent((await params).id)}` };
}

type Search = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The chosen pair of versions, or the last two; null when there are fewer than two versions. */
function pair(versions: number[], from: unknown, to: unknown): [number, number] | null {
  const pick = (value: unknown, fallback: number) => (typeof value === "string" && versions.includes(Number(value)) ? Number(value) : fallback);
  if (versions.length < 2) return null;
  return [pick(from, versions[1]), pick(to, versions[0])];
}

export default async function HistoryPage({ params, searchParams }: ItemParams & Search) {
  const { item } = await loadItem((await params).id);
  const ctx = await getCtx();
  const search = await searchParams;
  const versions = await listItemVersions({ ctx, input: { itemId: item.id } });
  const rubricPair = pair(versions.rubric.map((v) => v.version), search.from, search.to);
  const referencePair = pair(versions.reference.map((v) => v.version), search.refFrom, search.refTo);
  const rubricDiff = rubricPair ? await getRubricDiff({ ctx, input: { itemId: item.id, from: rubricPair[0], to: rubricPair[1] } }) : null;
  const referenceDiff = referencePair ? await getReferenceDiff({ ctx, input: { itemId: item.id, from: referencePair[0], to: referencePair[1] } }) : null;
  const action = itemPage(item.id, "/history");

  return (
    <div className="space-y-10">
      <section aria-labelledby="rubric-versions" className="space-y-4">
        <h2 id="rubric-versions" className="text-lg font-semibold text-slate-900">
          Rubric versions
        </h2>
        {versions.rubric.length === 0 ? (
          <p className="text-slate-600">No rubric version is published yet.</p>
        ) : (
          <VersionTable caption="Published rubric versions" extra="Criteria" versions={versions.rubric.map((v) => ({ ...v, extra: String(v.criteria) }))} />
        )}
        {rubricPair && rubricDiff ? (
          <>
            <CompareForm action={action} names={["from", "to"]} label="rubric" versions={versions.rubric.map((v) => v.version)} from={rubricPair[0]} to={rubricPair[1]} />
            <h3 className="font-semibold text-slate-900">
              Rubric version {rubricDiff.from.version} → version {rubricDiff.to.version}
            </h3>
            <RubricDiffTable
              rows={rubricDiff.rows}
              before={{ label: `Version ${rubricDiff.from.version}`, criteria: rubricDiff.from.criteria }}
              after={{ label: `Version ${rubricDiff.to.version}`, criteria: rubricDiff.to.criteria }}
              caption={`Rubric version ${rubricDiff.from.version} and version ${rubricDiff.to.version}, criterion by criterion`}
            />
          </>
        ) : null}
      </section>
      <section aria-labelledby="reference-versions" className="space-y-4">
        <h2 id="reference-versions" className="text-lg font-semibold text-slate-900">
          Reference versions
        </h2>
        {versions.reference.length === 0 ? (
          <p className="text-slate-600">No reference is published yet.</p>
        ) : (
          <VersionTable
            caption="Published reference versions"
            extra="Rubric version"
            versions={versions.reference.map((v) => ({ ...v, extra: v.rubricVersion ? String(v.rubricVersion) : "—" }))}
          />
        )}
        {referencePair && referenceDiff ? (
          <>
            <CompareForm action={action} names={["refFrom", "refTo"]} label="reference" versions={versions.reference.map((v) => v.version)} from={referencePair[0]} to={referencePair[1]} />
            <div className="grid gap-4 md:grid-cols-2">
              {(["before", "after"] as const).map((side) => (
                <div key={side}>
                  <h3 className="mb-1 font-semibold">Reference version {side === "before" ? referenceDiff.from.version : referenceDiff.to.version}</h3>
                  <p className="whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-3">
                    <WordDiff words={referenceDiff.words} side={side} />
                  </p>
                </div>
              ))}
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
