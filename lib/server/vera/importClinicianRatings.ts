import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { veraRatings } from "@/db/schema";
import { DIMENSION_KEYS, parseClinicianRatings } from "@/lib/flow/clinicianRatings";
import { fileIssues } from "@/lib/flow/fileIssues";
import { formatFlowIssue, type FlowIssue } from "@/lib/flow/issues";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { loadRubric, readStudy } from "./access";
import { ImportRatingsInput } from "./schema";

export interface ImportedRatings {
  created: number;
  unchanged: number;
  warnings: string[];
}

/**
 * Imports VERA-MH's clinician ratings CSV into a study, all or nothing (docs/flow.md):
 * each row's five ratings under its `clinician_id`, with its `provider_llm` and
 * `user_prompt_risk_level`. The study's rubric must have VERA-MH's five dimensions, in
 * the CSV's order. A rating already stored with another value refuses the file; the
 * same rating again changes nothing. Lead only.
 */
export async function importClinicianRatings({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ImportedRatings> {
  const me = requireRole(ctx, "lead");
  const { studyId, file } = ImportRatingsInput.parse(input);
  const parsed = parseClinicianRatings(file.text);
  const warnings = parsed.warnings.map((w) => `${file.name}:${formatFlowIssue(w).slice("line ".length)}`);
  const refuse = (issues: FlowIssue[]) => new Invalid(`${file.name} is not a valid ratings file: nothing was imported.`, fileIssues([{ file: file.name, issues }]));
  if (!parsed.ok) throw refuse(parsed.issues);
  const { set, model, models, riskLevel, riskLevels, line } = parsed.ratings;
  return getDb().transaction(
    (tx) => {
      const study = readStudy(tx, studyId);
      const { rubric } = loadRubric(tx, study.rubricId);
      if (rubric.dimensions.length !== DIMENSION_KEYS.length) {
        throw refuse([{ line: 1, column: "header", reason: `the study's rubric has ${rubric.dimensions.length} dimensions, the ratings file VERA-MH's ${DIMENSION_KEYS.length}` }]);
      }
      const stored = new Map(
        tx.select().from(veraRatings).where(and(eq(veraRatings.studyId, studyId))).all().map((r) => [JSON.stringify([r.rater, r.conversationId, r.dimension]), r]),
      );
      const now = new Date();
      const rows: (typeof veraRatings.$inferInsert)[] = [];
      const issues: FlowIssue[] = [];
      const d = set.dimensions.length;
      for (let i = 0; i < set.unit.length; i++) {
        const conversationId = set.conversations[Math.floor(set.unit[i] / d)];
        const rater = set.raters[set.rater[i]];
        const dimension = set.unit[i] % d;
        const old = stored.get(JSON.stringify([rater, conversationId, dimension]));
        if (old && old.category === set.category[i]) continue;
        if (old) {
          issues.push({ line: line[i], column: `clinician_${DIMENSION_KEYS[dimension]}`, reason: `${rater}'s rating of ${conversationId} is already stored with another value` });
          continue;
        }
        rows.push({
          studyId,
          rater,
          conversationId,
          dimension,
          category: set.category[i],
          source: "import",
          providerModel: model[i] < 0 ? null : models[model[i]],
          riskLevel: riskLevel[i] < 0 ? null : riskLevels[riskLevel[i]],
          updatedAt: now,
        });
      }
      if (issues.length > 0) throw refuse(issues);
      for (let start = 0; start < rows.length; start += 500) tx.insert(veraRatings).values(rows.slice(start, start + 500)).run();
      if (rows.length > 0) audit(tx, { actor: me.id, action: "vera.ratings.import", entity: "vera_study", entityId: studyId, detail: { file: file.name, ratings: rows.length } }, now);
      return { created: rows.length, unchanged: set.unit.length - rows.length, warnings };
    },
    { behavior: "immediate" },
  );
}
