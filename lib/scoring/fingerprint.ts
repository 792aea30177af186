import { createHash } from "node:crypto";
import type { ScoringInput } from "./input";
import type { ScoringOptions } from "./report";

const FORM = "concord-scoring-input/v1";

/**
 * SHA-256 (hex) of everything the engine reads — items with their criteria, responses,
 * verdicts, families, graded references — and its options, in input order: the same input gives the same
 * report, so a report can be cached under this key and any changed verdict changes it.
 */
export function scoringFingerprint(input: ScoringInput, options: ScoringOptions): string {
  const hash = createHash("sha256");
  hash.update(`${FORM}\n${JSON.stringify({ panel: options.panel, models: options.models ?? null, resamples: options.resamples, seed: options.seed })}\n`);
  for (const i of input.items) {
    hash.update(`i\t${i.id}\t${i.subcategory}\t${i.age}\t${i.intent}\t${i.stage}\t${i.directness}\t${i.split}\t${i.turns}\n`);
    for (const c of i.criteria) hash.update(`c\t${c.id}\t${c.dimension}\t${c.weight}\n`);
  }
  for (const r of input.responses) hash.update(`r\t${r.id}\t${r.item}\t${r.model}\t${r.run}\t${r.empty ? 1 : 0}\n`);
  // verdicts dominate (≈1.6 M at the paper's scale): one update per chunk of lines
  let chunk = "";
  for (const v of input.verdicts) {
    chunk += `v\t${v.judge}\t${v.response}\t${v.criterion}\t${v.verdict === null ? "-" : v.verdict ? 1 : 0}\n`;
    if (chunk.length > 1 << 16) {
      hash.update(chunk);
      chunk = "";
    }
  }
  hash.update(chunk);
  if (input.references) {
    hash.update("references\n");
    for (const r of input.references.responses) hash.update(`R\t${r.id}\t${r.item}\t${r.run}\t${r.empty ? 1 : 0}\n`);
    for (const v of input.references.verdicts) hash.update(`V\t${v.judge}\t${v.response}\t${v.criterion}\t${v.verdict === null ? "-" : v.verdict ? 1 : 0}\n`);
  }
  for (const [kind, families] of [["m", input.families.models], ["j", input.families.judges]] as const) {
    for (const [id, family] of [...families].sort((a, b) => (a[0] < b[0] ? -1 : 1))) hash.update(`${kind}\t${id}\t${family}\n`);
  }
  return hash.digest("hex");
}
