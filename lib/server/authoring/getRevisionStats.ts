import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rubricCriteria, rubricVersions } from "@/db/schema";
import { revisionStats, type ItemRevisionHistory, type ProvenancedCriterion, type RevisionStats } from "@/lib/rubric/revisionStats";
import type { Ctx } from "@/lib/server/context";
import { requireRole } from "@/lib/server/guard";

/** The corpus's revision statistics (lib/rubric/revisionStats) over every published rubric version. */
export async function getRevisionStats({ ctx }: { ctx: Ctx }): Promise<RevisionStats> {
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
  return revisionStats(histories);
}
