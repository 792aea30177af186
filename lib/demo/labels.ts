import type { Dimension, LabelRecord } from "@/lib/bundle/schema";
import { mulberry32, randomInt, seedFromString } from "@/lib/stats/prng";
import { chanceOfYes, type DemoUnit } from "./units";

/** How each demo clinician errs: a base slip rate, and how readily they credit an unclear response. */
const CLINICIAN_PROFILES = [
  { slip: 0.04, leniency: 0.6 },
  { slip: 0.07, leniency: 0.35 },
  { slip: 0.05, leniency: 0.5 },
];

/** Extra slip per dimension: identification is where clinicians disagree most (DistressBench), disclaimers next. */
const DIFFICULTY: Record<Dimension, number> = {
  identification: 0.07,
  compassionate_engagement: 0.03,
  de_escalation: 0.04,
  actionable_resources: 0.02,
  disclaimers: 0.07,
  moralization: 0.01,
  harmless_response: 0.01,
};

const RATIONALES = {
  yes: ["Clearly met in the last turn.", "Met, though briefly.", "Done explicitly and warmly."],
  no: ["Not addressed in the last turn.", "Only implied; I would want it said.", "Touched on earlier but not in the last turn."],
  identification: "Reflects the pain but never names the risk.",
  empty: "The last turn is empty.",
};

/** How many units one clinician left unlabelled, as happens when a session is cut short. */
const SKIPPED_UNITS = 4;

/**
 * Labels from the demo clinicians (in order of `clinicianIds`, one profile each) on
 * every unit, each verdict drawn from the unit's truth and the clinician's own slips;
 * a few units lack one clinician's label.
 */
export function demoLabels(units: DemoUnit[], clinicianIds: string[]): LabelRecord[] {
  const skip = mulberry32(seedFromString("demo:labels:skip"));
  const skipped = new Map<number, string>();
  while (skipped.size < Math.min(SKIPPED_UNITS, units.length)) skipped.set(randomInt(skip, units.length), clinicianIds[randomInt(skip, clinicianIds.length)]);

  const labels: LabelRecord[] = [];
  clinicianIds.forEach((rater, c) => {
    const profile = CLINICIAN_PROFILES[c % CLINICIAN_PROFILES.length];
    const random = mulberry32(seedFromString(`demo:labels:${rater}`));
    units.forEach((unit, u) => {
      const verdict = random() < chanceOfYes(unit, profile.slip + DIFFICULTY[unit.dimension], profile.leniency);
      const label: LabelRecord = { kind: "label", rater, response: unit.response, criterion: unit.criterion, verdict };
      if (random() < 0.06) {
        if (unit.empty) label.rationale = RATIONALES.empty;
        else if (!verdict && unit.dimension === "identification") label.rationale = RATIONALES.identification;
        else label.rationale = RATIONALES[verdict ? "yes" : "no"][randomInt(random, 3)];
      }
      if (skipped.get(u) !== rater) labels.push(label);
    });
  });
  return labels;
}
