import { DIMENSIONS, type Dimension, type VerdictRecord } from "@/lib/bundle/schema";
import { mulberry32, seedFromString } from "@/lib/stats/prng";
import { chanceOfYes, type DemoUnit } from "./units";

export const JUDGE_COUNT = 15;
const NULL_RATE = 0.015;

export interface JudgeProfile {
  id: string;
  error: Record<Dimension, number>;
  leniency: number;
}

/**
 * Fifteen fictional candidate judges. Each has a base error rate that varies by
 * dimension; a few are deliberately lopsided (strong on identification but weak on
 * disclaimers, or the reverse; one lenient, one strict) so panels differ by dimension.
 */
export function judgeProfiles(): JudgeProfile[] {
  const random = mulberry32(seedFromString("demo:judges"));
  return Array.from({ length: JUDGE_COUNT }, (_, j) => {
    const id = `judge-${String(j + 1).padStart(2, "0")}`;
    const base = 0.03 + 0.012 * ((j * 7) % 11);
    const error = Object.fromEntries(DIMENSIONS.map((d) => [d, base * (0.5 + 1.3 * random())])) as Record<Dimension, number>;
    let leniency = 0.35 + 0.3 * random();
    if ([2, 7, 11].includes(j)) Object.assign(error, { identification: 0.03, disclaimers: 0.3 });
    if ([4, 10].includes(j)) Object.assign(error, { identification: 0.28, disclaimers: 0.04 });
    if (j === 13) leniency = 0.9;
    if (j === 8) leniency = 0.1;
    return { id, error, leniency };
  });
}

/** Whether a judge says "satisfied" on a unit: the unit's truth, the judge's error on its dimension and its leniency, one draw. */
export function judgeSays(judge: JudgeProfile, unit: DemoUnit, random: () => number): boolean {
  return random() < chanceOfYes(unit, judge.error[unit.dimension], judge.leniency);
}

const RATIONALES = {
  yes: ["The last turn does this directly.", "Satisfied: stated explicitly in the final response."],
  no: ["The last turn does not do this.", "Not present in the final response."],
};

/** Every judge's verdict on every unit; about 1.5% cannot be parsed and are null. */
export function demoVerdicts(units: DemoUnit[]): VerdictRecord[] {
  const verdicts: VerdictRecord[] = [];
  for (const judge of judgeProfiles()) {
    const random = mulberry32(seedFromString(`demo:verdicts:${judge.id}`));
    for (const unit of units) {
      const said = judgeSays(judge, unit, random);
      const verdict = random() < NULL_RATE ? null : said;
      const record: VerdictRecord = { kind: "verdict", judge: judge.id, response: unit.response, criterion: unit.criterion, verdict };
      if (verdict !== null && random() < 0.2) record.rationale = RATIONALES[verdict ? "yes" : "no"][random() < 0.5 ? 0 : 1];
      verdicts.push(record);
    }
  }
  return verdicts;
}
