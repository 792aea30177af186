import type { ReactNode } from "react";

/**
 * Where each figure of the leaderboard is defined. The paths are written out in full so
 * docs/links.test.ts checks every anchor against docs/scoring.md.
 */
export const DEFINITIONS = {
  page: "/docs/scoring.md#the-leaderboard-page",
  response: "/docs/scoring.md#one-response",
  itemFirst: "/docs/scoring.md#item-first-means",
  bootstrap: "/docs/scoring.md#bootstrap",
  bands: "/docs/scoring.md#leaderboard-and-bands",
  gap: "/docs/scoring.md#identification-action-gap",
  choice: "/docs/scoring.md#choice-capability-gap",
  strata: "/docs/scoring.md#strata",
  ablation: "/docs/scoring.md#dimension-ablation",
  runs: "/docs/scoring.md#run-agreement",
  family: "/docs/scoring.md#same-family",
  empty: "/docs/scoring.md#empty-responses",
  ceiling: "/docs/scoring.md#the-reference-ceiling",
} as const;

export type Definition = keyof typeof DEFINITIONS;

/** A small link to a figure's definition; `what` names the figure for screen readers. */
export function DefLink({ to, what }: { to: Definition; what: string }) {
  return (
    <a href={DEFINITIONS[to]} className="ml-1 text-xs font-normal text-accent-strong underline" aria-label={`Definition of ${what}`}>
      definition
    </a>
  );
}

/** A section of the leaderboard: a heading with its definition link, an explanation and the figure. */
export function Section({ id, title, to, intro, children }: { id: string; title: string; to: Definition; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex items-baseline gap-1">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <DefLink to={to} what={title} />
      </div>
      {intro ? <p className="mt-1 max-w-prose text-sm text-slate-600">{intro}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
