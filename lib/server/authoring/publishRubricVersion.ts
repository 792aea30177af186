import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rubricVersions } from "@/db/schema";
import { Criterion } from "@/lib/bundle/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { latestPublishedRubric, publishedRubric, rubricDraftOf, type RubricVersionView, type StoredCriterion } from "./rubrics";
import { PublishInput } from "./schema";
import { staleDraft } from "./stale";

function problems(criteria: StoredCriterion[]): string[] {
  if (criteria.length === 0) return ["the rubric needs at least one criterion"];
  return criteria.flatMap((c, i) => {
    const parsed = Criterion.safeParse({ id: c.id, dimension: c.dimension, weight: c.weight, text: c.text });
    return parsed.success ? [] : parsed.error.issues.map((issue) => `criterion ${i + 1}: ${issue.path.join(".")}: ${issue.message}`);
  });
}

const same = (a: StoredCriterion[], b: StoredCriterion[]) =>
  a.length === b.length && a.every((c, i) => c.id === b[i].id && c.dimension === b[i].dimension && c.weight === b[i].weight && c.text === b[i].text);

/**
 * Publishes the author's draft as the item's next rubric version, which from then on
 * is immutable (the database refuses any change). Refused with a conflict when
 * someone published since the draft started, so no one's version is overwritten.
 */
export async function publishRubricVersion({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<RubricVersionView> {
  const author = requireRole(ctx, "author");
  const data = PublishInput.parse(input);
  return getDb().transaction(
    (tx) => {
      requireItem(tx, data.itemId);
      const draft = rubricDraftOf(tx, data.itemId, author.id);
      if (!draft) throw new Invalid("You have no draft of this rubric to publish.");
      const latest = latestPublishedRubric(tx, data.itemId);
      if ((latest?.version ?? null) !== draft.baseVersion) throw staleDraft(latest, draft.baseVersion);
      const issues = problems(draft.criteria);
      if (issues.length > 0) throw new Invalid("The rubric was not published: some criteria are incomplete.", issues);
      if (latest && same(latest.criteria, draft.criteria)) throw new Invalid(`Nothing to publish: your draft is the same as version ${latest.version}.`);

      const version = (latest?.version ?? 0) + 1;
      const now = new Date();
      tx.update(rubricVersions).set({ status: "published", version, changeNote: data.changeNote, publishedAt: now }).where(eq(rubricVersions.id, draft.rowId)).run();
      audit(tx, { actor: author.id, action: "rubric.publish", entity: "rubric_version", entityId: draft.rowId, detail: { item: data.itemId, version, changeNote: data.changeNote } }, now);
      const published = publishedRubric(tx, data.itemId, version);
      if (!published) throw new Error("the version just published is missing");
      return published;
    },
    { behavior: "immediate" },
  );
}
