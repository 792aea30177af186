import "server-only";
import type { Tx } from "@/db/client";
import { criteria } from "@/db/schema";
import { formatIssue, parseBundle } from "@/lib/bundle/parse";
import type { Bundle } from "@/lib/bundle/schema";
import { Invalid } from "@/lib/server/errors";
import { storedConflicts } from "./conflicts";
import { indexBundle } from "./keys";
import { readStoredBundle } from "./stored";
import { writeBundle, type ImportResult, type WriteOptions } from "./writeBundle";

/**
 * The one import path (the upload page, the CLI and the demo seed all use it), run
 * inside the caller's transaction: parse and validate the whole bundle against
 * itself and the stored records, and write only if there is no problem at all.
 */
export function importInto(tx: Tx, text: string, actor: string, options: WriteOptions = {}): ImportResult {
  const stored = readStoredBundle(tx);
  const parsed = parseBundle(text, stored);
  const index = indexBundle(stored);
  const owners = new Map(tx.select().from(criteria).all().map((c) => [c.id, c.itemId]));
  // `model` and `judge` lines (FORMAT.md v2) are read by the offline `score` command;
  // the database has no place for them yet, and an import never drops a line silently.
  const undescribed = (["models", "judges"] as const).flatMap((kind) =>
    parsed.descriptorLines[kind].map((line) => ({ line, field: "kind", reason: `${kind === "models" ? "model" : "judge"} lines are not imported (only \`score\` reads them)` })),
  );
  const messages = [...new Set([...parsed.issues, ...undescribed, ...storedConflicts(parsed, index, owners)].sort((a, b) => a.line - b.line).map(formatIssue))];
  if (messages.length > 0) {
    throw new Invalid(`The bundle was not imported: ${messages.length} problem${messages.length === 1 ? "" : "s"}`, messages);
  }
  return writeBundle(tx, parsed.bundle, index, actor, options);
}

/** A bundle as JSON Lines text, one record per line. */
export function bundleText(bundle: Bundle): string {
  const records = [...bundle.items, ...bundle.rubrics, ...bundle.references, ...bundle.responses, ...bundle.labels, ...bundle.verdicts];
  return records.map((r) => JSON.stringify(r) + "\n").join("");
}
