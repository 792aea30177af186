import "server-only";
import { getDb } from "@/db/client";
import { CATEGORY_KEYS } from "@/lib/flow/categories";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";
import { StudyInput } from "./schema";
import { loadStudyData } from "./studyData";

/** A study's figures as JSON, shaped like `vera ratings` with the study's extras (docs/flow.md). Lead only. */
export async function exportStudyJson({ ctx, input }: { ctx: Ctx; input: unknown }) {
  requireRole(ctx, "lead");
  const { studyId } = StudyInput.parse(input);
  const { study, rubric, figures } = loadStudyData(getDb(), studyId);
  return {
    study: { id: study.id, name: study.name, mode: study.mode, rubric: { name: rubric.row.name, version: rubric.row.version } },
    dimensions: rubric.rubric.dimensions,
    agreement: figures.agreement,
    consensus: {
      units: figures.consensus.units,
      decided: figures.consensus.decided,
      splits: figures.consensus.splits.map((s) => ({
        conversation: s.conversation,
        dimension: rubric.rubric.dimensions[s.dimension],
        consensus: s.consensus < 0 ? null : CATEGORY_KEYS[s.consensus],
        ratings: Object.fromEntries(s.ratings.map((r) => [r.rater, CATEGORY_KEYS[r.category]])),
      })),
    },
    models: figures.models,
    risk_levels: figures.riskLevels,
    judges: figures.judges,
  };
}
