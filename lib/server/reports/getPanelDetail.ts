import "server-only";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { DIMENSIONS, type Dimension } from "@/lib/bundle/schema";
import { consensusOf } from "@/lib/calibration/consensus";
import { PanelJudges, SetIdParam } from "@/lib/calibration/schema";
import { panelVerdicts } from "@/lib/calibration/panelVerdicts";
import { buildUnitTable, byCodeUnit } from "@/lib/calibration/units";
import { evaluatePanel, type PanelEvaluation } from "@/lib/freeze/evaluate";
import { Selection } from "@/lib/freeze/scope";
import type { Ctx } from "@/lib/server/context";
import { NotFound } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { confusionOf, type Confusion } from "@/lib/stats/confusion";
import { MISSING, ONE } from "@/lib/stats/majority";
import { DEFAULT_MIN_COVERAGE } from "@/lib/calibration/candidates";
import { pinnedCriteria } from "@/lib/server/sets/queries";
import { MinCoverage, setReports } from "./setReports";

/** `judges` arrives as one comma-separated string (a URL query), e.g. "judge-01,judge-07,judge-08"; the panel size is their number. */
export const PanelParams = z.strictObject({
  setId: SetIdParam,
  selection: Selection.default("all"),
  minCoverage: MinCoverage.default(DEFAULT_MIN_COVERAGE),
  judges: z.string().transform((s) => s.split(",")).pipe(PanelJudges),
});

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
  minCoverage: number;
  judges: string[];
  /** Rank, figures (and held-out figures) and Δκ interval, exactly as a freeze would record them. */
  evaluation: PanelEvaluation;
  /** The units below are the held-out private split (else every item of the set). */
  heldOut: boolean;
  /** The panel's verdict (A) against the consensus (B), over units with both. */
  confusion: Confusion;
  /** Units with a consensus where the panel had no majority (a tie or every verdict missing). */
  noPanelVerdict: number;
  /** Units where panel and consensus differ, heaviest criterion first. */
  disagreements: Disagreement[];
}

function criterionTexts(db: Db, setId: number): Map<string, string> {
  return new Map(pinnedCriteria(db, setId).map((c) => [c.id, c.text]));
}

/**
 * One panel up close: its rank, per-dimension figures, confusion matrix against the
 * consensus, and every unit where it disagrees with the consensus with the
 * criterion's weight (a missed weight-20 safety criterion shows first).
 */
export async function getPanelDetail({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<PanelDetail> {
  requireRole(ctx, "lead");
  const params = PanelParams.parse(input);
  const db = getDb();
  const reports = setReports(db, { ...params, panelSize: params.judges.length });
  const [rankReport, heldOutReport] = await Promise.all([reports.ranked.report, reports.reported?.report ?? null]);
  const evaluation = evaluatePanel({ judges: params.judges, rankInput: reports.rankInput, rankReport, heldOutReport, options: reports.options });
  const shown = evaluation && (heldOutReport ? evaluation.reported_figures : evaluation.figures);
  if (!evaluation || !shown) throw new NotFound(`This set has no panel of ${params.judges.join(", ")}.`);
  const judges = [...params.judges].sort(byCodeUnit);

  const table = buildUnitTable(reports.reportInput ?? reports.rankInput);
  const members = judges.map((judge) => table.judges.indexOf(judge));
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
    panelSize: params.judges.length,
    minCoverage: params.minCoverage,
    judges,
    evaluation,
    heldOut: reports.reported !== null,
    confusion: confusionOf(predicted, truth),
    noPanelVerdict,
    disagreements,
  };
}
