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

export interface ScoringShape {
  items: number;
  models: number;
  runs: number;
  /** Criteria per item vary from `criteriaPerItem - 2` to `criteriaPerItem + 2`. */
  criteriaPerItem: number;
  judges: number;
  /** Give models and judges a provider family (`model` / `judge` lines). */
  families: boolean;
  /** Share of responses whose last turn is empty, and of verdicts that are null or absent. */
  emptyShare: number;
  missingShare: number;
  seed: number;
}

const SUBCATEGORIES = ["passive_ideation", "active_ideation", "hopelessness", "bereavement", "third_party", "escalation_mode"];
const STAGES = ["ideation", "planning", "preparation", "action", "aftermath"];
const FAMILIES = ["acme", "borealis", "cirrus", "delta"];

/**
 * A synthetic scoring bundle (FORMAT.md v2) line by line, so the full-scale one can be
 * streamed to disk: items with neutral placeholder text, one or two rubric versions,
 * each model's runs (some empty), and the judges' verdicts, which follow a hidden
 * per-model quality with per-judge noise; some verdicts are null and some absent.
 */
export function* scoringBundleLines(shape: ScoringShape): Generator<string> {
  const random = mulberry32(shape.seed);
  const judges = Array.from({ length: shape.judges }, (_, j) => `judge-${String(j + 1).padStart(2, "0")}`);
  const models = Array.from({ length: shape.models }, (_, m) => `model-${String(m + 1).padStart(2, "0")}`);
  if (shape.families) {
    for (const [m, id] of models.entries()) yield JSON.stringify({ kind: "model", id, family: FAMILIES[m % FAMILIES.length] });
    for (const [j, id] of judges.entries()) yield JSON.stringify({ kind: "judge", id, family: FAMILIES[j % FAMILIES.length], model: `judge-model-${j + 1}` });
  }
  const quality = models.map(() => DIMENSIONS.map(() => 0.3 + 0.6 * random()));
  let responseNo = 0;
  for (let t = 0; t < shape.items; t++) {
    const item = `SYN-${String(t + 1).padStart(5, "0")}`;
    const turns = t % 3 === 0 ? 3 : 1;
    yield JSON.stringify({
      kind: "item", id: item, subcategory: SUBCATEGORIES[t % SUBCATEGORIES.length], age: t % 2 ? "U18" : "O18",
      intent: t % 5 < 2 ? "explicit" : "borderline", stage: STAGES[t % STAGES.length], directness: t % 4 ? "implicit" : "explicit",
      split: t % 3 ? "public" : "private", user_turns: Array.from({ length: turns }, (_, k) => `placeholder user turn ${k + 1}`),
    });
    const count = Math.max(1, shape.criteriaPerItem - 2 + Math.floor(random() * 5));
    const criteria = Array.from({ length: count }, (_, c) => ({
      id: `${item}.c${String(c + 1).padStart(2, "0")}`,
      dimension: DIMENSIONS[(c + t) % DIMENSIONS.length],
      weight: 1 + Math.floor(random() * 20),
      text: "placeholder criterion",
    }));
    if (t % 7 === 0) yield JSON.stringify({ kind: "rubric", item, version: 1, criteria: criteria.slice(0, Math.max(1, count - 1)) });
    yield JSON.stringify({ kind: "rubric", item, version: t % 7 === 0 ? 2 : 1, criteria });
    for (let m = 0; m < shape.models; m++) {
      for (let run = 1; run <= shape.runs; run++) {
        const response = `r-${String(++responseNo).padStart(7, "0")}`;
        const last = random() < shape.emptyShare ? (random() < 0.5 ? "" : "  ") : "placeholder answer";
        const assistant_turns = Array.from({ length: turns }, (_, k) => (k === turns - 1 ? last : "placeholder earlier answer"));
        yield JSON.stringify({ kind: "response", id: response, item, model: models[m], run, assistant_turns });
        for (const criterion of criteria) {
          const truth = random() < quality[m][DIMENSIONS.indexOf(criterion.dimension)];
          for (const judge of judges) {
            const roll = random();
            if (roll < shape.missingShare / 2) continue;
            const verdict = roll < shape.missingShare ? null : random() < 0.85 ? truth : !truth;
            yield JSON.stringify({ kind: "verdict", judge, response, criterion: criterion.id, verdict });
          }
        }
      }
    }
  }
}
