import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { referenceVersions } from "@/db/schema";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { referenceDraftOf } from "./references";
import { ItemIdInput } from "./schema";

/** Throws away the author's own reference draft; its last text stays in the audit log. */
export async function discardReferenceDraft({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<void> {
  const author = requireRole(ctx, "author");
  const { itemId } = ItemIdInput.parse(input);
  getDb().transaction(
    (tx) => {
      const draft = referenceDraftOf(tx, itemId, author.id);
      if (!draft) throw new NotFound("You have no draft of this reference.");
      tx.delete(referenceVersions).where(eq(referenceVersions.id, draft.rowId)).run();
      audit(tx, { actor: author.id, action: "reference.draft.discard", entity: "reference_version", entityId: draft.rowId, detail: { item: itemId, text: draft.text } });
    },
    { behavior: "immediate" },
  );
}
