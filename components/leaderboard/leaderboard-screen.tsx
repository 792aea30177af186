import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { getCtx, requirePageUser } from "@/lib/auth/ctx";
import { orNotFound } from "@/lib/auth/pageData";
import { Invalid } from "@/lib/server/errors";
import { getLeaderboard } from "@/lib/server/scoring/getLeaderboard";
import { listGradings } from "@/lib/server/scoring/listGradings";
import { DEFINITIONS, Section } from "./definitions";
import { DimensionHeatmap } from "./dimension-heatmap";
import { ForestPlot } from "./forest-plot";
import { Ablation, AdjacentGaps, ChoiceCapability, EmptyResponses, IdentificationGap, RunAgreement, SameFamily, Strata } from "./leaderboard-figures";
import { LeaderboardFilters } from "./leaderboard-filters";
import { LeaderboardTable } from "./leaderboard-table";
import { boardHref, downloadHref, type BoardQuery } from "./params";

export type Search = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);
const date = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC");

/** The leaderboard of one grading (or the latest), for leads and authors: the page body both routes share. */
export async function LeaderboardScreen({ runId, search }: { runId?: string; search: Search }) {
  const user = await requirePageUser("lead", "author");
  const ctx = await getCtx();
  const params = { runId, models: one(search.models), subcategory: one(search.subcategory) };
  let board;
  try {
    board = await orNotFound(getLeaderboard({ ctx, input: params }));
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return (
      <>
        <PageHeader title="Leaderboard" />
        <Notice tone="error" title="This leaderboard cannot be shown">{error.message}</Notice>
        <p className="mt-4"><Link href="/leaderboard" className="text-accent-strong underline">The latest grading</Link></p>
      </>
    );
  }
  if (!board) {
    return (
      <>
        <PageHeader title="Leaderboard">Models graded by a frozen judge panel.</PageHeader>
        <Notice tone="info" title="No grading yet">
          A leaderboard appears when a grade run has finished.{" "}
          {user.roles.includes("lead") ? "Start one from a frozen panel's page (Grade with this panel)." : "A lead starts grade runs from a frozen panel."}
        </Notice>
      </>
    );
  }
  const { grading, report } = board;
  const gradings = await listGradings({ ctx });
  const query: BoardQuery = { models: board.filter.models ?? undefined, subcategory: board.filter.subcategory ?? undefined, sort: one(search.sort) };
  const lead = user.roles.includes("lead");
  return (
    <>
      <PageHeader title="Leaderboard">
        {grading.run.title}: models graded by frozen panel #{grading.freezeId} ({grading.panel.join(", ")}) on {grading.pinnedItems} items, each on the rubric
        version the grading pinned. <a href={DEFINITIONS.page} className="text-accent-strong underline">How to read this page</a>.
      </PageHeader>
      {grading.simulated ? (
        <div className="mb-6">
          <Notice tone="error" title="Simulated results">
            The panel&apos;s judges ran on a simulated endpoint: these scores say nothing about the real models.
          </Notice>
        </div>
      ) : null}
      <dl className="mb-6 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-slate-600">Grade run</dt>
        <dd>#{grading.run.id}, finished {date(grading.run.finishedAt)}</dd>
        <dt className="text-slate-600">Frozen panel</dt>
        <dd>{lead ? <Link href={`/calibration/freezes/${grading.freezeId}`} className="text-accent-strong underline">#{grading.freezeId}</Link> : `#${grading.freezeId}`}</dd>
        <dt className="text-slate-600">Bootstrap</dt>
        <dd>{report.resamples.toLocaleString("en-GB")} resamples, seed {report.seed}</dd>
        <dt className="text-slate-600">Computed</dt>
        <dd>{board.cached ? "from the cache" : "now"} in {board.serverMs} ms</dd>
      </dl>
      {gradings.length > 1 ? (
        <nav aria-label="Other gradings" className="mb-6 text-sm">
          <span className="text-slate-600">Gradings: </span>
          {gradings.map((g, i) => (
            <span key={g.id}>
              {i > 0 ? " · " : null}
              {g.id === grading.run.id ? <strong aria-current="page">#{g.id}</strong> : <Link href={boardHref(g.id, {})} className="text-accent-strong underline">#{g.id}</Link>}
            </span>
          ))}
        </nav>
      ) : null}
      <LeaderboardFilters runId={grading.run.id} models={grading.models} subcategories={grading.subcategories} query={query} />
      <p className="mt-3 flex gap-4 text-sm">
        <a href={downloadHref(grading.run.id, "csv", query)} className="font-medium text-accent-strong underline" download>
          Download CSV
        </a>
        <a href={downloadHref(grading.run.id, "json", query)} className="font-medium text-accent-strong underline" download>
          Download the full report (JSON)
        </a>
      </p>
      <Section id="forest" title="Scores with 95% intervals" to="bootstrap" intro={`${report.items} items scored; each model's score is the mean over items of the mean over its runs.`}>
        <ForestPlot report={report} />
      </Section>
      <Section id="table" title="Leaderboard" to="bands">
        <LeaderboardTable report={report} runId={grading.run.id} query={query} />
        {report.reference_ceiling && grading.reference ? (
          <p className="mt-3 text-sm text-slate-700">
            <strong>Reference ceiling</strong>: each item&apos;s published clinical reference graded by the same panel as the last assistant turn and scored
            like a model, but never one: it has no rank or band and is left out of every other figure. In the {grading.reference.filledItems} multi-turn
            items graded, the earlier assistant turns are those of <strong>{grading.reference.from}</strong>&apos;s response (its lowest run); a multi-turn
            item it did not answer has no graded reference. <a href={DEFINITIONS.ceiling} className="text-accent-strong underline">Definition</a>.
          </p>
        ) : null}
      </Section>
      <AdjacentGaps report={report} />
      <Section id="dimensions" title="Dimension subscores" to="response">
        <DimensionHeatmap report={report} />
      </Section>
      <IdentificationGap report={report} />
      <ChoiceCapability report={report} />
      <Strata report={report} />
      <Ablation report={report} />
      <EmptyResponses report={report} />
      <RunAgreement report={report} />
      <SameFamily report={report} />
    </>
  );
}
