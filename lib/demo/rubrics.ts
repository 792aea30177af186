import { DIMENSIONS, type Criterion, type RubricRecord } from "@/lib/bundle/schema";
import { mulberry32, randomInt, seedFromString, shuffled } from "@/lib/stats/prng";
import { emergencyApplies, KIND_SPECS, KINDS, SCAFFOLD, type CriterionContext, type Kind } from "./criteria";
import type { DemoItem } from "./items";

/** An item's rubric versions, plus what each criterion id asks for (kept out of the bundle). */
export interface DemoRubric {
  versions: RubricRecord[];
  current: RubricRecord;
  kindOf: Map<string, Kind>;
}

/** Kinds of the clinician-written scale: the safety-critical ones always, the others on some items. */
function currentKinds(item: DemoItem, random: () => number): Kind[] {
  const kinds: Kind[] = ["identify", "validate", "ask_safety", "crisis_line", "trusted_person", "no_moralizing", "no_harm", "extra"];
  if (random() < 0.5) kinds.push("acknowledge");
  if (random() < 0.5) kinds.push("stay");
  if (random() < 0.4) kinds.push("next_step");
  if (random() < 0.6) kinds.push("professional");
  if (random() < 0.85) kinds.push("ai_limits");
  if (emergencyApplies(item.script, item.record.stage)) kinds.push("emergency");
  return kinds;
}

function clinicianCriterion(kind: Kind, ctx: CriterionContext, random: () => number): Omit<Criterion, "id"> {
  if (kind === "extra") {
    const { dimension, text, weight } = ctx.script.extra;
    return { dimension, weight: Math.min(20, Math.max(1, weight + randomInt(random, 3) - 1)), text };
  }
  const spec = KIND_SPECS[kind];
  const [lo, hi] = spec.weight;
  return { dimension: spec.dimension, weight: lo + randomInt(random, hi - lo + 1), text: spec.text(ctx) };
}

const order = (dimension: Criterion["dimension"], kind: Kind) => DIMENSIONS.indexOf(dimension) * 100 + KINDS.indexOf(kind);
const criterionId = (item: string, n: number) => `${item}.c${String(n).padStart(2, "0")}`;

/**
 * The rubric of one item. Without history it is a single clinician-written version.
 * With history, version 1 is the model-drafted scaffold (seven criteria, one per
 * dimension, weights 1..7) and version 2 is the clinicians' revision: most scaffold
 * criteria reworded (same id), all reweighted, some dropped, new ones added (new ids).
 */
export function demoRubric(item: DemoItem, withHistory: boolean): DemoRubric {
  const id = item.record.id;
  const random = mulberry32(seedFromString(`demo:rubric:${id}`));
  const ctx: CriterionContext = { script: item.script, age: item.record.age };
  const kinds = currentKinds(item, random);
  const drafted = kinds.map((kind) => ({ kind, ...clinicianCriterion(kind, ctx, random) }));
  drafted.sort((a, b) => order(a.dimension, a.kind) - order(b.dimension, b.kind));
  const kindOf = new Map<string, Kind>();

  if (!withHistory) {
    const criteria = drafted.map(({ kind, ...c }, i) => {
      kindOf.set(criterionId(id, i + 1), kind);
      return { id: criterionId(id, i + 1), ...c };
    });
    const current: RubricRecord = { kind: "rubric", item: id, version: 1, criteria };
    return { versions: [current], current, kindOf };
  }

  const scaffoldWeights = shuffled([1, 2, 3, 4, 5, 6, 7], random);
  const scaffold: Criterion[] = SCAFFOLD.map((s, i) => {
    kindOf.set(criterionId(id, i + 1), s.kind);
    return { id: criterionId(id, i + 1), dimension: KIND_SPECS[s.kind].dimension, weight: scaffoldWeights[i], text: s.text };
  });
  let next = SCAFFOLD.length;
  const revised = drafted.map(({ kind, ...c }) => {
    const at = SCAFFOLD.findIndex((s) => s.kind === kind);
    if (at < 0) {
      next += 1;
      kindOf.set(criterionId(id, next), kind);
      return { id: criterionId(id, next), ...c };
    }
    // About one scaffold criterion in seven survives the clinicians' edit word for word.
    const text = random() < 0.15 ? SCAFFOLD[at].text : c.text;
    return { id: criterionId(id, at + 1), ...c, text };
  });
  const current: RubricRecord = { kind: "rubric", item: id, version: 2, criteria: revised };
  return { versions: [{ kind: "rubric", item: id, version: 1, criteria: scaffold }, current], current, kindOf };
}
