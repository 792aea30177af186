import type { Dimension } from "@/lib/bundle/schema";
import type { CalibrationInput } from "@/lib/calibration/input";
import { byCodeUnit } from "@/lib/calibration/units";

export interface JudgeCoverage {
  judge: string;
  /** Units with a true/false verdict from this judge. */
  verdicts: number;
  /** Units where the judge's answer could not be parsed (verdict null). */
  missing: number;
  /** Units with no verdict line from this judge at all. */
  absent: number;
}

export interface UncoveredUnit {
  item: string;
  response: string;
  criterion: string;
  dimension: Dimension;
  weight: number;
  /** Judges whose verdict on this unit is null. */
  nulls: number;
}

export interface Coverage {
  units: number;
  judges: JudgeCoverage[];
  /** Units no judge gave a true/false verdict on: no panel can say anything about them. */
  uncovered: UncoveredUnit[];
  /** Verdicts on the set's responses but on criteria outside the pinned rubric versions: not used. */
  outside: number;
}

/** Per judge, how much of the set's units it covers; and the units nobody covers. */
export function coverageOf(input: CalibrationInput): Coverage {
  const criteriaOf = new Map(input.items.map((item) => [item.id, item.criteria]));
  const unitOf = new Map<string, UncoveredUnit & { said: boolean }>();
  for (const response of [...input.responses].sort((a, b) => byCodeUnit(a.id, b.id))) {
    for (const criterion of criteriaOf.get(response.item) ?? []) {
      unitOf.set(`${response.id}\u0000${criterion.id}`, {
        item: response.item, response: response.id, criterion: criterion.id, dimension: criterion.dimension, weight: criterion.weight, nulls: 0, said: false,
      });
    }
  }
  const judges = new Map<string, JudgeCoverage>();
  let outside = 0;
  for (const verdict of input.verdicts) {
    const unit = unitOf.get(`${verdict.response}\u0000${verdict.criterion}`);
    if (!unit) {
      outside++;
      continue;
    }
    const judge = judges.get(verdict.judge) ?? { judge: verdict.judge, verdicts: 0, missing: 0, absent: 0 };
    judges.set(verdict.judge, judge);
    if (verdict.verdict === null) {
      judge.missing++;
      unit.nulls++;
    } else {
      judge.verdicts++;
      unit.said = true;
    }
  }
  for (const judge of judges.values()) judge.absent = unitOf.size - judge.verdicts - judge.missing;
  const uncovered = [...unitOf.values()]
    .filter((unit) => !unit.said)
    .map((unit) => ({ item: unit.item, response: unit.response, criterion: unit.criterion, dimension: unit.dimension, weight: unit.weight, nulls: unit.nulls }))
    .sort((a, b) => byCodeUnit(a.item, b.item) || byCodeUnit(a.response, b.response));
  return { units: unitOf.size, judges: [...judges.values()].sort((a, b) => byCodeUnit(a.judge, b.judge)), uncovered, outside };
}
