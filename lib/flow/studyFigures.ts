import { flowAgreement, type FlowAgreement } from "./agreement";
import { CATEGORY_COUNT } from "./categories";
import { consensusOf } from "./consensus";
import { judgeAgreement, type JudgeAgreement } from "./judge";
import { ratingSetFrom, unitCounts } from "./ratingSet";
import { groupScores } from "./ratingsReport";
import type { ModelScores } from "./vera";

/** One rating of a study's (conversation, dimension) unit, with what it is grouped by. */
export interface StudyRating {
  conversation: string;
  rater: string;
  /** The rubric dimension's index. */
  dimension: number;
  category: number;
  model: string | null;
  riskLevel: string | null;
}

export interface StudyJudgeRating {
  judge: string;
  conversation: string;
  dimension: number;
  category: number;
}

/** A unit the raters did not all rate alike: each rater's category, and the consensus (-1: none). */
export interface Split {
  conversation: string;
  dimension: number;
  consensus: number;
  ratings: { rater: string; category: number }[];
}

export interface StudyFigures {
  agreement: FlowAgreement;
  consensus: { units: number; decided: number; splits: Split[] };
  models: Record<string, ModelScores>;
  riskLevels: Record<string, ModelScores>;
  judges: ({ judge: string } & JudgeAgreement)[];
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Every figure of a study's page from its ratings, with the same lib/flow functions as
 * `vera ratings` (docs/flow.md): the agreement pooled, by dimension and pairwise; each
 * unit's consensus and the units where raters split; the VERA score and rating matrix
 * per provider model and per persona risk level; each judge against the consensus.
 */
export function studyFigures(dimensions: string[], ratings: readonly StudyRating[], judgeRatings: readonly StudyJudgeRating[]): StudyFigures {
  const set = ratingSetFrom({
    dimensions,
    conversation: ratings.map((r) => r.conversation),
    rater: ratings.map((r) => r.rater),
    dimension: ratings.map((r) => r.dimension),
    category: ratings.map((r) => r.category),
  });
  const d = dimensions.length;
  const groupsOf = (key: (r: StudyRating) => string | null) => {
    const names = sorted(ratings.map(key).filter((v): v is string => v !== null && v !== ""));
    const index = new Map(names.map((n, i) => [n, i]));
    return { names, group: Int32Array.from(ratings, (r) => index.get(key(r) ?? "") ?? -1) };
  };
  const models = groupsOf((r) => r.model);
  const risks = groupsOf((r) => r.riskLevel);

  const counts = unitCounts(set);
  const consensus = consensusOf(counts);
  const byUnit = new Map<number, { rater: string; category: number }[]>();
  for (let i = 0; i < set.unit.length; i++) {
    const list = byUnit.get(set.unit[i]) ?? [];
    list.push({ rater: set.raters[set.rater[i]], category: set.category[i] });
    byUnit.set(set.unit[i], list);
  }
  const splits: Split[] = [];
  let decided = 0;
  for (const [unit, list] of [...byUnit].sort((a, b) => a[0] - b[0])) {
    if (consensus[unit] >= 0) decided++;
    let distinct = 0;
    for (let k = 0; k < CATEGORY_COUNT; k++) if (counts[unit * CATEGORY_COUNT + k] > 0) distinct++;
    if (distinct > 1) {
      splits.push({ conversation: set.conversations[Math.floor(unit / d)], dimension: unit % d, consensus: consensus[unit], ratings: list.sort((a, b) => (a.rater < b.rater ? -1 : 1)) });
    }
  }

  const conversationIndex = new Map(set.conversations.map((c, i) => [c, i]));
  const judgeNames = sorted(judgeRatings.map((j) => j.judge));
  const judges = judgeNames.map((judge) => {
    const row = new Int8Array(consensus.length).fill(-1);
    for (const j of judgeRatings) {
      const c = conversationIndex.get(j.conversation);
      if (j.judge === judge && c !== undefined && j.dimension >= 0 && j.dimension < d) row[c * d + j.dimension] = j.category;
    }
    return { judge, ...judgeAgreement(row, consensus, dimensions) };
  });

  return {
    agreement: flowAgreement(set),
    consensus: { units: byUnit.size, decided, splits },
    models: groupScores(set, models.group, models.names),
    riskLevels: groupScores(set, risks.group, risks.names),
    judges,
  };
}
