import "server-only";
import { getDb } from "@/db/client";
import { audit } from "@/lib/server/audit";
import type { Ctx } from "@/lib/server/context";
import { Invalid, NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { DescribedFamilyInput } from "./schema";

/**
 * Sets the provider family of a model or judge Concord does not run itself (docs/scoring.md#same-family):
 * one that responses or verdicts name, or an imported description. The family is kept in
 * its description (as a bundle's `model` / `judge` line would set it), audited with the
 * old and new value. Concord's own target models and judges change theirs on their form.
 */
export async function setDescribedFamily({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ kind: "model" | "judge"; id: string; family: string | null }> {
  const lead = requireRole(ctx, "lead");
  const { kind, id, family } = DescribedFamilyInput.parse(input);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const c = db.$client;
      const own = c.prepare(`SELECT 1 FROM ${kind === "model" ? "target_models" : "judges"} WHERE id = ?`).get(id);
      if (own) throw new Invalid(`id: ${id} is one of Concord's own ${kind === "model" ? "target models" : "judges"}; change its family on its own form.`);
      const before = c.prepare("SELECT family FROM descriptions WHERE kind = ? AND id = ?").get(kind, id) as { family: string | null } | undefined;
      const named = c.prepare(kind === "model" ? "SELECT 1 FROM responses WHERE model = ? LIMIT 1" : "SELECT 1 FROM judge_verdicts WHERE judge = ? LIMIT 1").get(id);
      if (!before && !named) throw new NotFound(`There is no ${kind} ${id}: no ${kind === "model" ? "response" : "verdict"} or imported description names it.`);
      c.prepare("INSERT INTO descriptions (kind, id, family) VALUES (?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET family = excluded.family").run(kind, id, family);
      audit(tx, { actor: lead.id, action: `${kind}.family`, entity: kind, entityId: id, detail: { old: before?.family ?? null, new: family } });
      return { kind, id, family };
    },
    { behavior: "immediate" },
  );
}
