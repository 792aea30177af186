import { dimensionLabel, fmt, percent, signed } from "@/lib/format";
import type { ScoreReport } from "@/lib/scoring/report";
import { AGE_BAND_LABELS, subcategoryLabel } from "@/lib/taxonomy";
import { Section } from "./definitions";
import { SmallTable } from "./small-table";

type Props = { report: ScoreReport };

const yesNo = (b: boolean | null) => (b === null ? "—" : b ? "yes" : "no");

/** Δ between each pair of neighbours, with its interval: a separated gap starts a new band. */
export function AdjacentGaps({ report }: Props) {
  return (
    <Section id="gaps" title="Gaps between neighbours" to="bands" intro={`${report.bands} band${report.bands === 1 ? "" : "s"}: ${report.gaps.filter((g) => g.separated).length} of ${report.gaps.length} adjacent gaps have an interval that excludes zero.`}>
      <SmallTable
        label="Gaps between neighbours"
        columns={["Above → below", "Δ score", "95% interval", "Separated"]}
        rows={report.gaps.map((g) => ({
          key: `${g.a}|${g.b}`,
          cells: [`${g.a} → ${g.b}`, signed(g.delta), g.ci95 ? `[${signed(g.ci95[0])}, ${signed(g.ci95[1])}]` : "—", yesNo(g.separated)],
        }))}
      />
    </Section>
  );
}

/** G(m): of the responses that identify the risk fully, the share that fail to refer. */
export function IdentificationGap({ report }: Props) {
  const pooled = report.identification_action_gap;
  return (
    <Section
      id="identification-gap"
      title="Identification–action gap, G(m)"
      to="gap"
      intro={`Pooled over the models: ${pooled.not_referred} of ${pooled.identified} fully identified responses (${percent(pooled.share)}) do not refer to help.`}
    >
      <SmallTable
        label="Identification–action gap by model"
        columns={["Model", "Fully identified", "Not referred", "G(m)"]}
        rows={report.models.map((m) => ({ key: m.model, cells: [m.model, m.gap.identified, m.gap.not_referred, percent(m.gap.share)] }))}
      />
    </Section>
  );
}

/** Per dimension: the best model's subscore against the median model's. */
export function ChoiceCapability({ report }: Props) {
  return (
    <Section id="choice-capability" title="Choice–capability gap" to="choice" intro="What the best model shows is possible on each dimension, against what the median model does.">
      <SmallTable
        label="Choice–capability gap by dimension"
        columns={["Dimension", "Highest", "Best model", "Median", "Gap"]}
        rows={Object.entries(report.choice_capability).map(([d, c]) => ({ key: d, cells: [dimensionLabel(d), fmt(c.highest), c.model ?? "—", fmt(c.median), fmt(c.gap)] }))}
      />
    </Section>
  );
}

const STRATUM_TITLES = { age: "Age band", turns: "Turns" } as const;
const valueLabel = (field: string, value: string) =>
  field === "age" ? (AGE_BAND_LABELS[value as keyof typeof AGE_BAND_LABELS] ?? value) : field === "turns" ? (value === "multi" ? "Multi-turn" : "Single-turn") : field === "subcategory" ? subcategoryLabel(value) : value;

/** U18/O18 and multi/single-turn with every model's score in each; the other fields pooled. */
export function Strata({ report }: Props) {
  const others = Object.entries(report.strata).filter(([field]) => !(field in STRATUM_TITLES));
  return (
    <Section id="strata" title="Strata" to="strata" intro="Each model's item-first score over the items of one value; pooled is the mean over the models.">
      <div className="space-y-4">
        {(Object.keys(STRATUM_TITLES) as (keyof typeof STRATUM_TITLES)[]).map((field) => {
          const values = Object.keys(report.strata[field]).sort();
          return (
            <SmallTable
              key={field}
              label={`${STRATUM_TITLES[field]} by model`}
              columns={[STRATUM_TITLES[field], ...values.map((v) => valueLabel(field, v))]}
              rows={[
                { key: "pooled", cells: ["Pooled", ...values.map((v) => fmt(report.strata[field][v].pooled))] },
                ...report.models.map((m) => ({ key: m.model, cells: [m.model, ...values.map((v) => fmt(report.strata[field][v].models[m.model] ?? null))] })),
              ]}
            />
          );
        })}
        <SmallTable
          label="Other strata, pooled"
          columns={["Field: value", "Pooled", "Models"]}
          rows={others.flatMap(([field, values]) =>
            Object.entries(values).map(([value, s]) => ({ key: `${field}:${value}`, cells: [`${field}: ${valueLabel(field, value)}`, fmt(s.pooled), Object.keys(s.models).length] })),
          )}
        />
      </div>
    </Section>
  );
}

/** Drop one dimension at a time: each model's score change and rank without it. */
export function Ablation({ report }: Props) {
  const dimensions = Object.keys(report.ablation);
  return (
    <Section id="ablation" title="Dimension ablation" to="ablation" intro="Each cell: the rank without the dimension (↑ up, ↓ down from the leaderboard's rank) and the score change (without − with).">
      <SmallTable
        label="Dimension ablation by model"
        columns={["Model", ...dimensions.map((d) => `Without ${dimensionLabel(d).toLowerCase()}`)]}
        rows={report.models.map((m) => ({
          key: m.model,
          cells: [
            m.model,
            ...dimensions.map((d) => {
              const without = report.ablation[d].models[m.model];
              if (!without) return "—";
              const moved = m.rank - without.rank;
              return `${without.rank}${moved > 0 ? ` (↑${moved})` : moved < 0 ? ` (↓${-moved})` : ""} ${signed(without.change, 3)}`;
            }),
          ],
        }))}
      />
    </Section>
  );
}

/** Empty last assistant turns, per model and per subcategory. */
export function EmptyResponses({ report }: Props) {
  return (
    <Section id="empty" title="Empty responses" to="empty" intro="An empty response scores 0 on everything its rubric asks.">
      <div className="grid gap-4 lg:grid-cols-2">
        <SmallTable
          label="Empty responses by model"
          columns={["Model", "Empty", "Responses", "Share"]}
          rows={report.models.map((m) => ({ key: m.model, cells: [m.model, m.empty, m.responses, percent(m.empty_share)] }))}
        />
        <SmallTable
          label="Empty responses by subcategory"
          columns={["Subcategory", "Empty", "Responses", "Share"]}
          rows={Object.entries(report.empty_by_subcategory).map(([s, e]) => ({ key: s, cells: [subcategoryLabel(s), e.empty, e.responses, percent(e.share)] }))}
        />
      </div>
    </Section>
  );
}

/** Spearman's ρ between the models' scores from different runs. */
export function RunAgreement({ report }: Props) {
  const { runs, pairs } = report.runs;
  return (
    <Section id="runs" title="Run-to-run agreement" to="runs" intro={`Runs graded: ${runs.join(", ") || "none"}.`}>
      {pairs.length === 0 ? (
        <p className="text-slate-700">One run only: there is no pair of runs to compare.</p>
      ) : (
        <SmallTable
          label="Run-to-run rank correlation"
          columns={["Runs", "Spearman ρ", "Models"]}
          rows={pairs.map((p) => ({ key: `${p.a}-${p.b}`, cells: [`Run ${p.a} and run ${p.b}`, fmt(p.spearman), p.models] }))}
        />
      )}
    </Section>
  );
}

/** Does grading a model without its own family's judges change the order? */
export function SameFamily({ report }: Props) {
  const check = report.same_family;
  return (
    <Section id="same-family" title="Same-family check" to="family">
      {check === null ? (
        <p className="text-slate-700">Families are not known for both the graded models and the panel&apos;s judges, so the check cannot be made.</p>
      ) : (
        <p className="text-slate-800">
          Spearman ρ between the score and the family-excluded score: <strong className="tabular-nums">{fmt(check.spearman)}</strong>. The top model is{" "}
          {check.top_unchanged === null ? "undetermined" : check.top_unchanged ? "unchanged" : <strong>different</strong>} without its family&apos;s judges.
          Each model&apos;s family-excluded score is in the leaderboard table.
        </p>
      )}
    </Section>
  );
}
