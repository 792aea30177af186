import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rubricCriteria, rubricVersions } from "@/db/schema";
import { revisionStats, type ItemRevisionHistory, type ProvenancedCriterion, type RevisionStats } from "@/lib/rubric/revisionStats";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

export interface CorpusRevisionStats {
  stats: RevisionStats;
  /** Items with a published rubric but no model-drafted criterion (written by hand or imported): not counted. */
  undraftedItems: number;
}

/**
 * The corpus's revision statistics (lib/rubric/revisionStats) over the published
 * history of every item whose rubric started from a model draft. Items written wholly
 * by people are left out: counting their criteria as "added" would say nothing about
 * how drafts get revised.
 */
export async function getRevisionStats({ ctx }: { ctx: Ctx }): Promise<CorpusRevisionStats> {
  requireRole(ctx, "author", "lead");
  const rows = getDb()
    .select({
      item: rubricVersions.itemId,
      versionId: rubricVersions.id,
      id: rubricCriteria.criterionId,
      dimension: rubricCriteria.dimension,
      weight: rubricCriteria.weight,
      text: rubricCriteria.text,
      provenance: rubricCriteria.provenance,
    })
    .from(rubricCriteria)
    .innerJoin(rubricVersions, eq(rubricVersions.id, rubricCriteria.rubricVersionId))
    .where(eq(rubricVersions.status, "published"))
    .orderBy(asc(rubricVersions.itemId), asc(rubricVersions.version), asc(rubricCriteria.position))
    .all();
  const history = new Map<string, Map<number, ProvenancedCriterion[]>>();
  for (const { item, versionId, ...criterion } of rows) {
    const versions = history.get(item) ?? history.set(item, new Map()).get(item);
    const criteria = versions?.get(versionId) ?? versions?.set(versionId, []).get(versionId);
    criteria?.push(criterion);
  }
  const histories: ItemRevisionHistory[] = [...history].map(([item, versions]) => ({ item, versions: [...versions.values()] }));
  const drafted = histories.filter((h) => h.versions.some((v) => v.some((c) => c.provenance === "model")));
  return { stats: revisionStats(drafted), undraftedItems: histories.length - drafted.length };
}
