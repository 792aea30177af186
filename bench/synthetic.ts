import { DIMENSIONS } from "../lib/bundle/schema";
import { mulberry32 } from "../lib/stats/prng";

export interface SyntheticShape {
  items: number;
  responsesPerItem: number;
  criteriaPerItem: number;
  clinicians: number;
  judges: number;
  seed: number;
}

/**
 * A synthetic calibration bundle of a given shape as JSON Lines: items with neutral
 * placeholder text, one rubric each, clinicians who mostly agree with a hidden truth,
 * judges of varying quality per dimension with ~1% missing verdicts.
 */
export function syntheticBundle(shape: SyntheticShape): string {
  const random = mulberry32(shape.seed);
  const lines: string[] = [];
  const push = (record: object) => lines.push(JSON.stringify(record));
  const judgeSkill = Array.from({ length: shape.judges }, () => DIMENSIONS.map(() => 0.6 + 0.35 * random()));
  for (let t = 0; t < shape.items; t++) {
    const item = `SYN-${String(t + 1).padStart(5, "0")}`;
    push({
      kind: "item", id: item, subcategory: "passive_ideation", age: t % 2 ? "U18" : "O18", intent: "borderline",
      stage: "ideation", directness: "implicit", split: t % 3 ? "public" : "private",
      user_turns: ["placeholder user turn"],
    });
    const criteria = Array.from({ length: shape.criteriaPerItem }, (_, c) => ({
      id: `${item}.c${String(c + 1).padStart(2, "0")}`,
      dimension: DIMENSIONS[c % DIMENSIONS.length],
      weight: 1 + ((c * 7) % 20),
      text: "placeholder criterion",
    }));
    push({ kind: "rubric", item, version: 1, criteria });
    for (let r = 0; r < shape.responsesPerItem; r++) {
      const response = `r-${item}-${r}`;
      push({ kind: "response", id: response, item, model: `model-${r}`, assistant_turns: ["placeholder answer"] });
      for (const criterion of criteria) {
        const truth = random() < 0.6;
        const d = DIMENSIONS.indexOf(criterion.dimension);
        for (let k = 0; k < shape.clinicians; k++) {
          push({ kind: "label", rater: `clin-${k + 1}`, response, criterion: criterion.id, verdict: random() < 0.88 ? truth : !truth });
        }
        for (let j = 0; j < shape.judges; j++) {
          const verdict = random() < 0.01 ? null : random() < judgeSkill[j][d] ? truth : !truth;
          push({ kind: "verdict", judge: `judge-${String(j + 1).padStart(2, "0")}`, response, criterion: criterion.id, verdict });
        }
      }
    }
  }
  return `${lines.join("\n")}\n`;
}
