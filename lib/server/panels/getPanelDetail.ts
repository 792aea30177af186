import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { calibrationSetItems, rubricCriteria } from "@/db/schema";
import { DIMENSIONS, Id, type Dimension } from "@/lib/bundle/schema";
import { consensusOf } from "@/lib/calibration/consensus";
import type { PanelFigures } from "@/lib/calibration/figures";
import { panelVerdicts } from "@/lib/calibration/panelVerdicts";
import { buildUnitTable } from "@/lib/calibration/units";
import { panelKey } from "@/lib/freeze/evaluate";
import type { Selection } from "@/lib/freeze/scope";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { confusionOf, type Confusion } from "@/lib/stats/confusion";
import { MISSING, ONE } from "@/lib/stats/majority";
import { ReportParams, setReports } from "./setReports";

/** `judges` arrives as one comma-separated string (a URL query), e.g. "judge-01,judge-07,judge-08". */
export const PanelParams = ReportParams.extend({
  judges: z.string().transform((s) => s.split(",")).pipe(z.array(Id).min(1, "name at least one judge").max(7, "name at most 7 judges")),
});
export type PanelParams = z.input<typeof PanelParams>;

export interface Disagreement {
  item: string;
  response: string;
  criterion: string;
  text: string;
  dimension: Dimension;
  weight: number;
  consensus: boolean;
  panel: boolean;
  /** Each of the panel's judges' verdicts on the unit (null: missing). */
  verdicts: (boolean | null)[];
}

export interface PanelDetail {
  set: { id: number; name: string };
  selection: Selection;
  panelSize: number;
  judges: string[];
  rank: number;
  panelsRanked: number;
  /** Figures on the items the detail covers: every item, or the held-out private split. */
  figures: PanelFigures;
  heldOut: boolean;
  /** The panel's verdict (A) against the consensus (B), over units with both. */
  confusion: Confusion;
  /** Units with a consensus where the panel had no majority (a tie or every verdict missing). */
  noPanelVerdict: number;
  /** Units where panel and consensus differ, heaviest criterion first. */
  disagreements: Disagreement[];
}

function criterionTexts(db: Db, setId: number): Map<string, string> {
  const rows = db
    .select({ id: rubricCriteria.criterionId, text: rubricCriteria.text })
    .from(calibrationSetItems)
    .innerJoin(rubricCriteria, eq(rubricCriteria.rubricVersionId, calibrationSetItems.rubricVersionId))
    .where(eq(calibrationSetItems.setId, setId))
    .all();
  return new Map(rows.map((r) => [r.id, r.text]));
}

/**
 * One panel up close: its rank, per-dimension figures, confusion matrix against the
 * consensus, and every unit where it disagrees with the consensus with the
 * criterion's weight (a missed weight-20 safety criterion shows first).
 */
export async function getPanelDetail({ ctx, input }: { ctx: Ctx; input: PanelParams }): Promise<PanelDetail> {
  requireRole(ctx, "lead");
  const params = PanelParams.parse(input);
  const db = getDb();
  const reports = setReports(db, params);
  const key = panelKey(params.judges);
  const ranked = (await reports.ranked.report).panels.find((p) => p.judges.join(",") === key);
  const detailReport = reports.reported ? await reports.reported.report : await reports.ranked.report;
  const shown = detailReport.panels.find((p) => p.judges.join(",") === key);
  if (!ranked || !shown) throw new NotFound(`This set has no panel of ${params.judges.join(", ")} with panels of ${params.panelSize}.`);

  const table = buildUnitTable(reports.reportInput ?? reports.rankInput);
  const members = shown.judges.map((judge) => table.judges.indexOf(judge));
  const consensus = consensusOf(table);
  const panel = panelVerdicts(table, members);
  const texts = criterionTexts(db, params.setId);
  const predicted: number[] = [];
  const truth: number[] = [];
  let noPanelVerdict = 0;
  const disagreements: Disagreement[] = [];
  for (let u = 0; u < table.count; u++) {
    if (consensus[u] === MISSING) continue;
    if (panel[u] === MISSING) {
      noPanelVerdict++;
      continue;
    }
    predicted.push(panel[u]);
    truth.push(consensus[u]);
    if (panel[u] === consensus[u]) continue;
    const criterion = table.criteria[table.criterion[u]];
    disagreements.push({
      item: table.items[table.item[u]],
      response: table.responses[table.response[u]],
      criterion,
      text: texts.get(criterion) ?? "",
      dimension: DIMENSIONS[table.dimension[u]],
      weight: table.weight[u],
      consensus: consensus[u] === ONE,
      panel: panel[u] === ONE,
      verdicts: members.map((j) => (table.verdicts[j][u] === MISSING ? null : table.verdicts[j][u] === ONE)),
    });
  }
  disagreements.sort((a, b) => b.weight - a.weight);
  return {
    set: reports.scope.set,
    selection: params.selection,
    panelSize: params.panelSize,
    judges: shown.judges,
    rank: ranked.rank,
    panelsRanked: (await reports.ranked.report).panels.length,
    figures: shown,
    heldOut: reports.reported !== null,
    confusion: confusionOf(predicted, truth),
    noPanelVerdict,
    disagreements,
  };
}
