import { z } from "zod";
import { Id } from "../bundle/schema";

/**
 * The calibration rules every entry point shares (the report, the freeze, the
 * selection rule, the CLI), each defined once; types are inferred from the schemas.
 */

/** Judges per panel: odd, so a panel always has a majority, and at most 7. */
export const PANEL_SIZES = [1, 3, 5, 7] as const;
export const isPanelSize = (n: number) => Number.isInteger(n) && n >= 1 && n <= 7 && n % 2 === 1;

/** A panel size as JSON gives it. */
export const PanelSize = z.number().refine(isPanelSize, "must be an odd number from 1 to 7, so a panel always has a majority");
/** A panel size from a URL query or a form field. */
export const PanelSizeParam = z.coerce.number().pipe(PanelSize);
/** A panel's judges: their number is a panel size. */
export const PanelJudges = z.array(Id).refine((judges) => isPanelSize(judges.length), "a panel has an odd number of judges from 1 to 7, so it always has a majority");

/** A calibration set's id as JSON gives it. */
export const SetId = z.number().int("must be a whole number").positive("must be a positive set id");
/** A calibration set's id from a URL path or query, or a form field. */
export const SetIdParam = z.coerce.number().pipe(SetId);

const figure = z.number().nullable();

/** One dimension's figures of a panel against the consensus (docs/metrics.md#panel-against-consensus). */
export const DimensionFigures = z.strictObject({ units: z.number().int(), kappa: figure, macro_f1: figure });
export type DimensionFigures = z.infer<typeof DimensionFigures>;

/** Every figure of a panel (or single judge) against the consensus, as reports compute and freezes record them. */
export const PanelFigures = z.strictObject({
  units: z.number().int(),
  excluded: z.number().int(),
  accuracy: figure,
  kappa: figure,
  macro_f1: figure,
  gwet_ac1: figure,
  by_dimension: z.record(z.string(), DimensionFigures),
});
export type PanelFigures = z.infer<typeof PanelFigures>;
