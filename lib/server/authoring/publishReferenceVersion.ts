import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { referenceVersions } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { requireItem } from "./items";
import { latestPublishedReference, publishedReference, referenceDraftOf, type ReferenceVersionView } from "./references";
import { latestRubricVersionNumber } from "./rubricDraft";
import { PublishInput } from "./schema";
import { staleDraft } from "./stale";

/**
 * Publishes the author's reference draft as the item's next reference version,
 * recording the rubric version it was written against. Refused with a conflict when
 * someone published since the draft started.
 */
export async function publishReferenceVersion({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<ReferenceVersionView> {
  const author = requireRole(ctx, "author");
  const data = PublishInput.parse(input);
  return getDb().transaction(
    (tx) => {
      requireItem(tx, data.itemId);
      const draft = referenceDraftOf(tx, data.itemId, author.id);
      if (!draft) throw new Invalid("You have no draft of this reference to publish.");
      const latest = latestPublishedReference(tx, data.itemId);
      if ((latest?.version ?? null) !== draft.baseVersion) throw staleDraft(latest, draft.baseVersion);
      if (draft.text.trim() === "") throw new Invalid("The reference was not published: it is empty.");
      if (latest && latest.text === draft.text) throw new Invalid(`Nothing to publish: your draft is the same as version ${latest.version}.`);

      const version = (latest?.version ?? 0) + 1;
      const rubricVersion = latestRubricVersionNumber(tx, data.itemId);
      const now = new Date();
      tx.update(referenceVersions)
        .set({ status: "published", version, changeNote: data.changeNote, publishedAt: now, rubricVersion, text: draft.text.trim() })
        .where(eq(referenceVersions.id, draft.rowId))
        .run();
      audit(tx, { actor: author.id, action: "reference.publish", entity: "reference_version", entityId: draft.rowId, detail: { item: data.itemId, version, rubricVersion, changeNote: data.changeNote } }, now);
      const published = publishedReference(tx, data.itemId, version);
      if (!published) throw new Error("the version just published is missing");
      return published;
    },
    { behavior: "immediate" },
  );
}
