import { DIMENSIONS } from "../bundle/schema";
import { byCodeUnit } from "../calibration/units";
import { ablation, type AblationEntry } from "./ablation";
import { bootstrapIntervals, type Interval, type Series } from "./bootstrap";
import { choiceCapability, type ChoiceCapability } from "./choiceCapability";
import { emptyBySubcategory, emptyCount, type EmptyCount } from "./empties";
import { gapOf, identificationGaps, type IdentificationGap } from "./identificationGap";
import type { ScoringInput } from "./input";
import { itemMeans, modelMean } from "./itemFirst";
import { buildLayout } from "./layout";
import { bandsOf, leaderboardOrder, separated } from "./leaderboard";
import { panelVerdicts } from "./panel";
import { dimensionSums, responseAllMet, responseScores, responseSubscores } from "./responses";
import { runAgreement, type RunAgreement } from "./runs";
import { familiesKnown, familyExcludedScores, sameFamilyCheck, type SameFamily } from "./sameFamily";
import { strata, type Stratum, type StratumField } from "./strata";

export interface ScoringOptions {
  /** The panel's judge ids (at least one). */
  panel: readonly string[];
  /** The models to score; default every model with a response. */
  models?: readonly string[];
  resamples: number;
  seed: number;
}

export const DEFAULT_SCORING = { resamples: 10_000, seed: 20260714 };

export interface ModelFigures {
  model: string;
  rank: number;
  band: number;
  score: number | null;
  ci95: Interval;
  all_met: number | null;
  items: number;
  responses: number;
  unscored: number;
  empty: number;
  empty_share: number | null;
  dimensions: Record<string, number | null>;
  gap: IdentificationGap;
  family_excluded_score?: number | null;
}

/** The reference ceiling: the per-model figures of the graded references, which are never a model. */
export type ReferenceCeiling = Omit<ModelFigures, "model" | "rank" | "band" | "family_excluded_score">;

export interface ScoreReport {
  panel: string[];
  resamples: number;
  seed: number;
  items: number;
  models: ModelFigures[];
  gaps: { a: string; b: string; delta: number | null; ci95: Interval; separated: boolean }[];
  bands: number;
  identification_action_gap: IdentificationGap;
  choice_capability: Record<string, ChoiceCapability>;
  strata: Record<StratumField, Record<string, Stratum>>;
  ablation: Record<string, AblationEntry>;
  runs: RunAgreement;
  same_family: SameFamily | null;
  empty_by_subcategory: Record<string, EmptyCount>;
  /** Only when the input has graded references (a key beyond SCORES.md's). */
  reference_ceiling?: ReferenceCeiling;
}

/** Every model of the input with a response, in id order. */
export function respondingModels(input: ScoringInput): string[] {
  return [...new Set(input.responses.map((r) => r.model))].sort(byCodeUnit);
}

/** Stands for the graded references inside their own scoring; never reported as a model. */
const REFERENCE = "reference";

/**
 * The reference ceiling: the graded references scored by the same code as a model, alone
 * (its own T and resamples, same seed), so it takes no rank, band, gap, stratum or
 * family and changes no model's figure.
 */
function referenceCeiling(input: ScoringInput, options: ScoringOptions): ReferenceCeiling | undefined {
  if (!input.references) return undefined;
  const alone: ScoringInput = {
    items: input.items,
    responses: input.references.responses.map((r) => ({ ...r, model: REFERENCE })),
    verdicts: input.references.verdicts,
    families: { models: new Map(), judges: new Map() },
  };
  const [figures] = scoreModels(alone, { ...options, models: [REFERENCE] }).models;
  const { score, ci95, all_met, items, responses, unscored, empty, empty_share, dimensions, gap } = figures;
  return { score, ci95, all_met, items, responses, unscored, empty, empty_share, dimensions, gap };
}

/** The score report of SCORES.md, every figure per METRICS.md "Scoring models with a panel". */
export function scoreModels(input: ScoringInput, options: ScoringOptions): ScoreReport {
  const panel = [...new Set(options.panel)].sort(byCodeUnit);
  if (panel.length === 0) throw new RangeError("the panel needs at least one judge");
  if (!Number.isInteger(options.resamples) || options.resamples < 0) throw new RangeError("resamples must be a whole number, 0 or more");
  const models = options.models ? [...new Set(options.models)].sort(byCodeUnit) : respondingModels(input);
  const layout = buildLayout(input, panel, models);
  const itemCount = layout.items.length;
  const sums = dimensionSums(layout, panelVerdicts(layout, panel.map((_, j) => j)));
  const scores = responseScores(layout, sums);
  const f = itemMeans(layout, scores);
  const fAllMet = itemMeans(layout, responseAllMet(layout, sums));
  const fDimension = layout.dimensions.map((d) => itemMeans(layout, responseSubscores(layout, sums, d)));

  // T: the items with a scored or empty response of any scored model
  const scoredItems: number[] = [];
  for (let t = 0; t < itemCount; t++) if (models.some((_, m) => !Number.isNaN(f[m * itemCount + t]))) scoredItems.push(t);
  const seriesOf = (value: (t: number) => number): Series => {
    const values = new Float64Array(scoredItems.length);
    const present = new Uint8Array(scoredItems.length);
    scoredItems.forEach((t, i) => {
      const v = value(t);
      if (!Number.isNaN(v)) {
        values[i] = v;
        present[i] = 1;
      }
    });
    return { values, present };
  };

  const score = models.map((_, m) => modelMean(f, itemCount, m));
  const order = leaderboardOrder(models, score.map((s) => s.mean));
  const pairs = order.slice(1).map((b, i) => [order[i], b] as const);
  const modelSeries = models.map((_, m) => seriesOf((t) => f[m * itemCount + t]));
  const gapSeries = pairs.map(([a, b]) => seriesOf((t) => f[a * itemCount + t] - f[b * itemCount + t]));
  // a pair present on the same items: its resampled Δ is the difference of the two resampled scores
  const samePresence = pairs.map(([a, b]) => modelSeries[a].present.every((p, i) => p === modelSeries[b].present[i]));
  const direct = pairs.flatMap((_, i) => (samePresence[i] ? [] : [i]));
  const derived = pairs.flatMap((pair, i) => (samePresence[i] ? [i] : []));
  const intervals = bootstrapIntervals(
    [...modelSeries, ...direct.map((i) => gapSeries[i])],
    derived.map((i) => ({ a: pairs[i][0], b: pairs[i][1] })),
    scoredItems.length,
    options,
  );
  const gapInterval = new Array<Interval>(pairs.length);
  direct.forEach((i, k) => (gapInterval[i] = intervals[models.length + k]));
  derived.forEach((i, k) => (gapInterval[i] = intervals[models.length + direct.length + k]));
  const gaps = pairs.map(([a, b], i) => {
    const { values, present } = gapSeries[i];
    let sum = 0;
    let n = 0;
    for (let k = 0; k < values.length; k++) {
      if (!present[k]) continue;
      sum += values[k];
      n++;
    }
    const ci95 = gapInterval[i];
    return { a: models[a], b: models[b], delta: n === 0 ? null : sum / n, ci95, separated: separated(ci95) };
  });
  const bands = bandsOf(gaps.map((g) => g.separated), order.length);

  const counts = models.map(() => ({ responses: 0, empty: 0, unscored: 0 }));
  for (let r = 0; r < layout.responseCount; r++) {
    const c = counts[layout.responseModel[r]];
    c.responses++;
    c.empty += layout.responseEmpty[r];
    if (Number.isNaN(scores[r])) c.unscored++;
  }
  const idGaps = identificationGaps(layout, sums);
  const dimensionScores = layout.dimensions.map((_, k) => models.map((_, m) => modelMean(fDimension[k], itemCount, m).mean));
  const known = familiesKnown(layout, input.families);
  const excluded = known ? familyExcludedScores(layout, input.families) : null;

  const figures: ModelFigures[] = order.map((m, i) => ({
    model: models[m],
    rank: i + 1,
    band: bands[i],
    score: score[m].mean,
    ci95: intervals[m],
    all_met: modelMean(fAllMet, itemCount, m).mean,
    items: score[m].items,
    responses: counts[m].responses,
    unscored: counts[m].unscored,
    empty: counts[m].empty,
    empty_share: emptyCount(counts[m].empty, counts[m].responses).share,
    dimensions: Object.fromEntries(layout.dimensions.map((d, k) => [DIMENSIONS[d], dimensionScores[k][m]])),
    gap: idGaps[m],
    ...(excluded ? { family_excluded_score: excluded[m] } : {}),
  }));

  return {
    panel,
    resamples: options.resamples,
    seed: options.seed,
    items: scoredItems.length,
    models: figures,
    gaps,
    bands: bands.length === 0 ? 0 : bands[bands.length - 1],
    identification_action_gap: gapOf(
      idGaps.reduce((sum, g) => sum + g.identified, 0),
      idGaps.reduce((sum, g) => sum + g.not_referred, 0),
    ),
    choice_capability: Object.fromEntries(
      layout.dimensions.map((d, k) => [DIMENSIONS[d], choiceCapability(models.map((model, m) => ({ model, score: dimensionScores[k][m] })))]),
    ),
    strata: strata(layout, f, scoredItems),
    ablation: ablation(layout, sums, score.map((s) => s.mean)),
    runs: runAgreement(layout, scores),
    same_family: excluded ? sameFamilyCheck(models, score.map((s) => s.mean), excluded) : null,
    empty_by_subcategory: emptyBySubcategory(layout),
    ...(input.references ? { reference_ceiling: referenceCeiling(input, options) } : {}),
  };
}
