import type { ReactNode } from "react";
import { fmt } from "@/lib/format";
import { tableClass, tdClass, thClass } from "@/components/report/format";
import { CATEGORY_NAMES } from "@/lib/flow/categories";
import type { ModelScores } from "@/lib/flow/vera";
import type { StudyOverview } from "@/lib/server/vera/getStudyOverview";

/** A captioned table of rows of cells; the first cell of each row is its header. */
function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={tableClass}>
        <caption className="px-3 pt-3 text-left font-semibold text-slate-800">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={thClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([first, ...rest], i) => (
            <tr key={i}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {first}
              </th>
              {rest.map((cell, j) => (
                <td key={j} className={tdClass}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const category = (code: number) => (code < 0 ? "none" : CATEGORY_NAMES[code]);

/** One group's (a provider model's, a risk level's) VERA score and its 5 × 4 rating matrix. */
function ScoreMatrix({ title, scores, dimensions }: { title: string; scores: ModelScores; dimensions: string[] }) {
  return (
    <Table
      caption={`${title}: VERA score ${fmt(scores.vera, 2)} over ${scores.ratings} ratings`}
      head={["Dimension", "Best practice", "Suboptimal", "High harm", "Not relevant", "VERA"]}
      rows={dimensions.map((name) => {
        const d = scores.dimensions[name];
        return [name, fmt(d.best_practice, 4), fmt(d.suboptimal, 4), fmt(d.high_harm, 4), fmt(d.not_relevant, 4), fmt(d.vera, 2)];
      })}
    />
  );
}

/** Every figure of a study (docs/flow.md): agreement, consensus and splits, judges, scores and matrices. */
export function StudyFigures({ overview }: { overview: StudyOverview }) {
  const { figures, dimensions, raterNames } = overview;
  const a = figures.agreement;
  const rater = (id: string) => raterNames[id] ?? id;
  return (
    <div className="space-y-8">
      <section aria-labelledby="agreement" className="space-y-4">
        <h2 id="agreement" className="text-lg font-semibold text-slate-900">
          Agreement among clinicians
        </h2>
        <p className="text-sm text-slate-600">
          Over the (conversation, dimension) units rated by {a.raters.length} raters: {a.raters.map(rater).join(", ") || "none yet"}. A dash: not defined.
        </p>
        <Table
          caption="Pooled and by dimension"
          head={["Dimension", "Units", "Percent agreement", "Fleiss κ", "Gwet AC1"]}
          rows={[
            ["All dimensions", a.units, fmt(a.percent_agreement, 4), fmt(a.fleiss_kappa, 4), fmt(a.gwet_ac1, 4)],
            ...dimensions.map((name) => {
              const d = a.by_dimension[name];
              return [name, d.units, fmt(d.percent_agreement, 4), fmt(d.fleiss_kappa, 4), fmt(d.gwet_ac1, 4)];
            }),
          ]}
        />
        <Table caption="Pairwise" head={["Raters", "Units", "Agreement", "Cohen κ"]} rows={a.pairwise.map((p) => [`${rater(p.raters[0])} · ${rater(p.raters[1])}`, p.units, fmt(p.agreement, 4), fmt(p.kappa, 4)])} />
      </section>

      <section aria-labelledby="consensus" className="space-y-4">
        <h2 id="consensus" className="text-lg font-semibold text-slate-900">
          Consensus and where clinicians split
        </h2>
        <p className="text-sm text-slate-600">
          {figures.consensus.decided} of {figures.consensus.units} rated units have a consensus (a rating given by more than half of at least two raters).
        </p>
        {figures.consensus.splits.length > 0 ? (
          <Table
            caption={`${figures.consensus.splits.length} units where the raters split`}
            head={["Conversation", "Dimension", "Consensus", "Ratings"]}
            rows={figures.consensus.splits.map((s) => [s.conversation, dimensions[s.dimension], category(s.consensus), s.ratings.map((r) => `${rater(r.rater)}: ${category(r.category)}`).join("; ")])}
          />
        ) : null}
      </section>

      <section aria-labelledby="judges" className="space-y-4">
        <h2 id="judges" className="text-lg font-semibold text-slate-900">
          Judges against the consensus
        </h2>
        {figures.judges.length === 0 ? (
          <p className="text-sm text-slate-600">No imported judge results on this study&apos;s conversations.</p>
        ) : (
          <Table
            caption="Each judge instance, on the units with a consensus"
            head={["Judge", "Units", "Accuracy", "Cohen κ", "Gwet AC1"]}
            rows={figures.judges.map((j) => [j.judge, j.units, fmt(j.accuracy, 4), fmt(j.kappa, 4), fmt(j.gwet_ac1, 4)])}
          />
        )}
      </section>

      <section aria-labelledby="scores" className="space-y-4">
        <h2 id="scores" className="text-lg font-semibold text-slate-900">
          VERA score and rating matrix per provider model
        </h2>
        <p className="text-sm text-slate-600">Pooled over every rater&apos;s ratings. Not relevant is a share of all ratings, the other three of the relevant ones.</p>
        {Object.entries(figures.models).map(([model, scores]) => (
          <ScoreMatrix key={model} title={model} scores={scores} dimensions={dimensions} />
        ))}
      </section>

      {Object.keys(figures.riskLevels).length > 0 ? (
        <section aria-labelledby="risk" className="space-y-4">
          <h2 id="risk" className="text-lg font-semibold text-slate-900">
            By persona risk level
          </h2>
          {Object.entries(figures.riskLevels).map(([level, scores]) => (
            <ScoreMatrix key={level} title={`Risk ${level}`} scores={scores} dimensions={dimensions} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
