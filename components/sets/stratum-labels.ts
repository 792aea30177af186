import type { Stratum } from "@/lib/sampling/strata";
import { AGE_BAND_LABELS, INTENT_LABELS, stageLabel, subcategoryLabel } from "@/lib/taxonomy";

const TURNS = { single: "Single-turn", multi: "Multi-turn" };

const lookup = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** How a stratum value reads on screen (unknown values, e.g. from an imported bundle, as they are). */
export function stratumValueLabel(stratum: Stratum, value: string): string {
  switch (stratum) {
    case "subcategory":
      return subcategoryLabel(value);
    case "age":
      return lookup(AGE_BAND_LABELS, value);
    case "turns":
      return lookup(TURNS, value);
    case "intent":
      return lookup(INTENT_LABELS, value);
    case "stage":
      return stageLabel(value);
  }
}
