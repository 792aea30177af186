import type { Bundle, Descriptors, Dimension, ItemRecord } from "../bundle/schema";
import { currentRubrics } from "../bundle/references";

/**
 * What the scoring engine needs, independent of where it came from (a bundle file or
 * a grading run in the database): each item's metadata and the criteria it is scored
 * on (the current rubric, or the version a grading run pinned), the responses, the
 * judges' verdicts and the provider families of models and judges.
 */
export interface ScoringItem extends Pick<ItemRecord, "id" | "subcategory" | "age" | "intent" | "stage" | "directness" | "split"> {
  /** How many user turns the item has (1 = single-turn). */
  turns: number;
  criteria: { id: string; dimension: Dimension; weight: number }[];
}

export interface ScoringResponse {
  id: string;
  item: string;
  model: string;
  run: number;
  /** The last assistant turn is empty or only whitespace. */
  empty: boolean;
}

export interface ScoringVerdict {
  judge: string;
  response: string;
  criterion: string;
  verdict: boolean | null;
}

export interface ScoringInput {
  items: ScoringItem[];
  responses: ScoringResponse[];
  verdicts: readonly ScoringVerdict[];
  /** Provider family by model id and by judge id; absent = no family. */
  families: { models: ReadonlyMap<string, string>; judges: ReadonlyMap<string, string> };
  /**
   * Graded references (docs/scoring.md#the-reference-ceiling) and the verdicts on them:
   * scored like one model's responses but never one of the models. Absent: no ceiling.
   */
  references?: { responses: Omit<ScoringResponse, "model">[]; verdicts: readonly ScoringVerdict[] };
}

export function isEmptyTurn(turn: string | undefined): boolean {
  return turn === undefined || turn.trim() === "";
}

/** Provider family by model id and by judge id, from `model` and `judge` descriptions. */
export function familiesOf(descriptors: Descriptors): ScoringInput["families"] {
  const families = (records: { id: string; family?: string }[]) =>
    new Map(records.flatMap((r) => (r.family === undefined ? [] : [[r.id, r.family] as const])));
  return { models: families(descriptors.models), judges: families(descriptors.judges) };
}

/**
 * A bundle as scoring input. `pinned` maps an item to the rubric version to score it
 * on; other items use their current (highest) version.
 */
export function scoringInputFromBundle(bundle: Bundle, descriptors: Descriptors, pinned?: ReadonlyMap<string, number>): ScoringInput {
  const current = currentRubrics(bundle.rubrics);
  const rubricOf = (item: string) => {
    const version = pinned?.get(item);
    if (version === undefined) return current.get(item);
    const rubric = bundle.rubrics.find((r) => r.item === item && r.version === version);
    if (!rubric) throw new Error(`item "${item}" has no rubric version ${version}`);
    return rubric;
  };
  return {
    items: bundle.items.map((item) => ({
      id: item.id, subcategory: item.subcategory, age: item.age, intent: item.intent, stage: item.stage,
      directness: item.directness, split: item.split, turns: item.user_turns.length,
      criteria: rubricOf(item.id)?.criteria ?? [],
    })),
    responses: bundle.responses.map((r) => ({
      id: r.id, item: r.item, model: r.model, run: r.run ?? 1, empty: isEmptyTurn(r.assistant_turns[r.assistant_turns.length - 1]),
    })),
    verdicts: bundle.verdicts,
    families: familiesOf(descriptors),
  };
}
