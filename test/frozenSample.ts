import { readFileSync } from "node:fs";
import { parseBundle } from "@/lib/bundle/parse";
import { freezePanel } from "@/lib/server/freeze/freezePanel";
import { getReport } from "@/lib/server/reports/getReport";
import { cliCtx } from "@/lib/server/systemCtx";
import { freshDb } from "./db";
import { importWithSet } from "./setWithLabels";

/**
 * A fresh database holding the sample bundle and one open calibration set over its first
 * 30 responses (clinicians clin-1..3, whose labels there are the set's), with the set's rank-1 panel frozen.
 */
export async function frozenSample() {
  const db = freshDb();
  const text = readFileSync("test/fixtures/sample-small.jsonl", "utf8");
  const { bundle } = parseBundle(text);
  const setId = await importWithSet(db, text, {
    name: "sample", seed: 1, itemIds: bundle.items.map((i) => i.id), responseIds: bundle.responses.slice(0, 30).map((r) => r.id),
    clinicianIds: ["clin-1", "clin-2", "clin-3"],
  });
  const report = await getReport({ ctx: cliCtx, input: { setId } });
  const { id } = await freezePanel({
    ctx: cliCtx,
    input: { setId, judges: report.ranked.panels[0].judges, selection: "all", fingerprint: report.fingerprint, rationale: "Top κ on the whole set.", confirmOpen: true },
  });
  return { db, setId, id };
}
