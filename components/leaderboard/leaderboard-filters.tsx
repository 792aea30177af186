import Link from "next/link";
import { inputClass, labelClass, secondaryButtonClass } from "@/components/ui/styles";
import { subcategoryLabel } from "@/lib/taxonomy";
import type { BoardQuery } from "./params";

/** Some of the graded models, and one subcategory: a plain GET form, so it works without scripts. */
export function LeaderboardFilters({ runId, models, subcategories, query }: { runId: number; models: string[]; subcategories: string[]; query: BoardQuery }) {
  const chosen = new Set(query.models ?? []);
  return (
    <form action={`/leaderboard/${runId}`} method="get" role="search" aria-label="Filter the leaderboard" className="rounded-lg border border-slate-200 bg-white p-4">
      <fieldset>
        <legend className={labelClass}>Models (none ticked: every graded model)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {models.map((model) => (
            <label key={model} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
              <input type="checkbox" name="models" value={model} defaultChecked={chosen.has(model)} />
              {model}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-64">
          <label htmlFor="board-subcategory" className={labelClass}>
            Subcategory
          </label>
          <select id="board-subcategory" name="subcategory" defaultValue={query.subcategory ?? ""} className={inputClass}>
            <option value="">Every subcategory</option>
            {subcategories.map((s) => (
              <option key={s} value={s}>
                {subcategoryLabel(s)}
              </option>
            ))}
          </select>
        </div>
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <button type="submit" className={secondaryButtonClass}>
          Apply filters
        </button>
        <Link href={`/leaderboard/${runId}`} className="py-1.5 text-sm font-medium text-accent-strong underline">
          Clear filters
        </Link>
      </div>
    </form>
  );
}
