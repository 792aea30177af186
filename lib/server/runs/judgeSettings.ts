import "server-only";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import type { JudgeSettings } from "@/lib/freeze/record";

/** The settings of the judges Concord has configured, by id; judges it does not know (imported verdicts) are absent. */
export function judgeSettings(db: Db | Tx, ids?: readonly string[]): Map<string, JudgeSettings> {
  const rows = db.all<{
    id: string; endpoint: string; simulated: number; model: string; family: string | null; temperature: number; max_tokens: number; seed: number | null;
    template: string; version: number; sha256: string;
  }>(sql`SELECT j.id, e.name AS endpoint, e.simulated, j.model, j.family, j.temperature, j.max_tokens, j.seed, t.name AS template, t.version, t.sha256
      FROM judges j JOIN endpoints e ON e.id = j.endpoint_id JOIN prompt_templates t ON t.id = j.prompt_template_id ORDER BY j.id`);
  const wanted = ids ? new Set(ids) : null;
  return new Map(
    rows
      .filter((r) => !wanted || wanted.has(r.id))
      .map((r) => [r.id, {
        endpoint: r.endpoint, simulated: r.simulated === 1, model: r.model, family: r.family, temperature: r.temperature, max_tokens: r.max_tokens, seed: r.seed,
        prompt_template: { name: r.template, version: r.version, sha256: r.sha256 },
      }]),
  );
}
