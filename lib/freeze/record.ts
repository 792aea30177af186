import { z } from "zod";
import { Id } from "../bundle/schema";
import { PanelFigures } from "../calibration/schema";
import { FINGERPRINT_FORM } from "./fingerprint";
import { SelectionRule } from "./rule";
import { FreezeScope, Selection } from "./scope";

/** The downloadable frozen-panel record: what `verify-freeze` reads back. */
export const FROZEN_RECORD_FORMAT = "concord-frozen-panel/v1";

const figure = z.number().nullable();

export const PanelIntervalRecord = z.strictObject({
  against: z.array(Id),
  against_rank: z.number().int().min(1),
  delta_kappa: figure,
  ci95: z.tuple([z.number(), z.number()]).nullable(),
  resamples: z.number().int(),
  seed: z.number().int(),
});

/** The pre-registered rule as it stood at freeze time, and whether the freeze follows it. */
export const RuleAtFreeze = z.strictObject({
  rule: SelectionRule,
  text: z.string(),
  recorded_by: z.string(),
  recorded_at: z.iso.datetime(),
  /** True when no verdict on the set's responses was stored when the rule was recorded. */
  before_verdicts: z.boolean(),
  followed: z.boolean(),
  deviations: z.array(z.string()),
});
export type RuleAtFreeze = z.infer<typeof RuleAtFreeze>;

/** What a freeze computed and stored alongside the judges (the `figures` column of frozen_panels). */
export const FreezeComputation = z.strictObject({
  selection: Selection,
  panels_ranked: z.number().int(),
  figures: PanelFigures,
  reported_figures: PanelFigures.nullable(),
  interval: PanelIntervalRecord.nullable(),
  scope: FreezeScope.omit({ rubric_versions: true }),
  fingerprint_form: z.literal(FINGERPRINT_FORM),
  /** Whether the set was still open (its labels could change) when frozen; absent in records from before it was recorded. */
  set_open: z.boolean().optional(),
});
export type FreezeComputation = z.infer<typeof FreezeComputation>;

/** How to run a judge again, as configured in Concord when the panel was frozen. */
export const JudgeSettings = z.strictObject({
  endpoint: z.string(),
  /** The endpoint was a simulator (the demo's), not a real model. */
  simulated: z.boolean(),
  model: z.string(),
  family: z.string().nullable(),
  temperature: z.number(),
  max_tokens: z.number().int(),
  seed: z.number().int().nullable(),
  prompt_template: z.strictObject({ name: z.string(), version: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});
export type JudgeSettings = z.infer<typeof JudgeSettings>;

export const FrozenRecord = z.strictObject({
  format: z.literal(FROZEN_RECORD_FORMAT),
  id: z.number().int(),
  calibration_set: z.strictObject({ id: z.number().int(), name: z.string(), open_at_freeze: z.boolean().optional() }),
  judges: z.array(Id).min(1),
  /**
   * Each panel judge's settings; null for a judge whose verdicts were imported rather
   * than run by Concord. Absent in records frozen before Concord ran judges.
   */
  judge_settings: z.record(Id, JudgeSettings.nullable()).optional(),
  panel_size: z.number().int(),
  rank: z.number().int().min(1),
  panels_ranked: z.number().int(),
  selection: Selection,
  figures: PanelFigures,
  reported_figures: PanelFigures.nullable(),
  interval: PanelIntervalRecord.nullable(),
  scope: FreezeScope,
  fingerprint: z.strictObject({ algorithm: z.literal("sha256"), form: z.literal(FINGERPRINT_FORM), value: z.string().regex(/^[0-9a-f]{64}$/) }),
  rule: RuleAtFreeze.nullable(),
  rationale: z.string(),
  supersedes: z.strictObject({ id: z.number().int(), reason: z.string() }).nullable(),
  frozen_by: z.strictObject({ id: z.string(), name: z.string() }),
  frozen_at: z.iso.datetime(),
});
export type FrozenRecord = z.infer<typeof FrozenRecord>;
