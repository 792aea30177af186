import "server-only";
import type { Tx } from "@/db/client";
import { auditLog } from "@/db/schema";

export interface AuditEntry {
  actor: string;
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** What changed, e.g. `{ old, new }`; never a password or its hash. */
  detail?: unknown;
}

/** Writes the audit row of a change, inside the transaction that makes the change. */
export function audit(tx: Tx, entry: AuditEntry, at = new Date()): void {
  tx.insert(auditLog)
    .values({
      actor: entry.actor,
      at,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      detail: entry.detail ?? null,
    })
    .run();
}
