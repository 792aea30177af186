import { SSH_SUBCATEGORIES } from "@/lib/taxonomy";
import type { SubcategoryScript } from "../types";
import { FRAMING_SCRIPTS } from "./framing";
import { IDEATION_SCRIPTS } from "./ideation";
import { MEANS_SCRIPTS } from "./means";
import { OTHERS_SCRIPTS } from "./others";
import { SELF_HARM_SCRIPTS } from "./self-harm";
import { STRESSOR_SCRIPTS } from "./stressors";

const BY_SLUG = new Map<string, SubcategoryScript>(
  [...IDEATION_SCRIPTS, ...MEANS_SCRIPTS, ...SELF_HARM_SCRIPTS, ...OTHERS_SCRIPTS, ...STRESSOR_SCRIPTS, ...FRAMING_SCRIPTS].map((s) => [s.slug, s]),
);

/** One script per taxonomy subcategory, in taxonomy order (a missing one is a programming error). */
export const SCRIPTS: SubcategoryScript[] = SSH_SUBCATEGORIES.map((subcategory) => {
  const script = BY_SLUG.get(subcategory.slug);
  if (!script) throw new Error(`no demo script for subcategory ${subcategory.slug}`);
  return script;
});
