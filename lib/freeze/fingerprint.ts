import { createHash } from "node:crypto";
import { DIMENSIONS } from "../bundle/schema";
import { consensusOf } from "../calibration/consensus";
import type { CalibrationInput } from "../calibration/input";
import { buildUnitTable } from "../calibration/units";
import { MISSING } from "../stats/majority";

/** The name of the canonical form below; a record names the form its fingerprint was taken in. */
export const FINGERPRINT_FORM = "concord-fingerprint/v1";

const code = (value: number) => (value === MISSING ? "-" : String(value));

/**
 * The canonical text of exactly what a calibration uses — the units, the clinicians'
 * consensus on each and every judge's verdict on each — as the engine sees it (a
 * label or verdict outside the pinned rubrics is not part of it; a null verdict and
 * no verdict are both "-"). Lines end in "\n":
 *
 *   concord-fingerprint/v1
 *   unit<TAB>item<TAB>response<TAB>criterion<TAB>dimension<TAB>consensus   (one per unit)
 *   judge<TAB>id<TAB>verdicts                                             (one per judge)
 *
 * Units come in the engine's order: items by id, responses by id (code-unit order),
 * criteria in pinned-rubric order. `consensus` is 0, 1 or "-" (no strict majority).
 * Judges come by id; `verdicts` has one character (0, 1 or -) per unit, in unit order.
 */
export function canonicalForm(input: CalibrationInput): string {
  const table = buildUnitTable(input);
  const consensus = consensusOf(table);
  const lines = [FINGERPRINT_FORM];
  for (let u = 0; u < table.count; u++) {
    lines.push(
      ["unit", table.items[table.item[u]], table.responses[table.response[u]], table.criteria[table.criterion[u]], DIMENSIONS[table.dimension[u]], code(consensus[u])].join("\t"),
    );
  }
  table.judges.forEach((judge, j) => {
    let verdicts = "";
    for (let u = 0; u < table.count; u++) verdicts += code(table.verdicts[j][u]);
    lines.push(`judge\t${judge}\t${verdicts}`);
  });
  return `${lines.join("\n")}\n`;
}

/** SHA-256 (lowercase hex) of the canonical form's UTF-8 bytes. */
export function fingerprintOf(input: CalibrationInput): string {
  return createHash("sha256").update(canonicalForm(input), "utf8").digest("hex");
}
