import "server-only";
import { getDb } from "@/db/client";
import { veraJudgeResults } from "@/db/schema";
import { fileIssues } from "@/lib/flow/fileIssues";
import type { FlowIssue } from "@/lib/flow/issues";
import { parseJudgeResults } from "@/lib/flow/judgeResults";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { ImportJudgeResultsInput } from "./schema";

export interface ImportedJudgeResults {
  created: number;
  unchanged: number;
  judges: string[];
}

const unitKey = (r: { runId: string; judgeModel: string; judgeInstance: string; conversationId: string; dimension: string }) =>
  JSON.stringify([r.runId, r.judgeModel, r.judgeInstance, r.conversationId, r.dimension]);

/**
 * Imports VERA-MH's `results.csv`, all or nothing (docs/flow.md): one rating per judge
 * instance, conversation and dimension. A rating already stored with another value
 * refuses the file; the same one again changes nothing. Lead only.
 */
export async function importJudgeResults({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ImportedJudgeResults> {
  const me = requireRole(ctx, "lead");
  const { file } = ImportJudgeResultsInput.parse(input);
  const parsed = parseJudgeResults(file.text);
  const refuse = (issues: FlowIssue[]) => new Invalid(`${file.name} is not a valid results file: nothing was imported.`, fileIssues([{ file: file.name, issues }]));
  if (!parsed.ok) throw refuse(parsed.issues);
  return getDb().transaction(
    (tx) => {
      const stored = new Map(tx.select().from(veraJudgeResults).all().map((r) => [unitKey(r), r]));
      const now = new Date();
      const issues: FlowIssue[] = [];
      const rows: (typeof veraJudgeResults.$inferInsert)[] = [];
      for (const r of parsed.results) {
        const row = { conversationId: r.conversation, fileName: r.fileName, runId: r.runId, judgeModel: r.judgeModel, judgeInstance: r.judgeInstance, judgeId: r.judgeId, dimension: r.dimension, category: r.category, yesQuestionId: r.yesQuestionId, reasoning: r.reasoning, createdAt: now };
        const old = stored.get(unitKey(row));
        if (!old) rows.push(row);
        else if (old.category !== r.category) issues.push({ line: r.line, column: r.dimension, reason: `already stored with another rating for ${r.judgeModel} instance ${r.judgeInstance}` });
      }
      if (issues.length > 0) throw refuse(issues);
      for (let start = 0; start < rows.length; start += 500) tx.insert(veraJudgeResults).values(rows.slice(start, start + 500)).run();
      if (rows.length > 0) audit(tx, { actor: me.id, action: "vera.results.import", entity: "vera_judge_results", detail: { file: file.name, ratings: rows.length } }, now);
      return { created: rows.length, unchanged: parsed.results.length - rows.length, judges: [...new Set(parsed.results.map((r) => `${r.judgeModel} #${r.judgeInstance}`))].sort() };
    },
    { behavior: "immediate" },
  );
}
