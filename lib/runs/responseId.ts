import { createHash } from "node:crypto";

/**
 * The id of a generated response: the same for the same model, item and run, so a
 * run asked again never adds a second copy. It says nothing about the model (ids
 * reach clinicians; models never do).
 */
export function responseIdFor(model: string, item: string, run: number): string {
  return `r-${createHash("sha256").update(`${model}\u0000${item}\u0000${run}`, "utf8").digest("hex").slice(0, 16)}`;
}
