import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { getDb, type Tx } from "@/db/client";
import { freezeSnapshots, frozenPanels } from "@/db/schema";
import { bundleText } from "@/lib/server/bundle/importInto";
import { readSet } from "@/lib/server/sets/readSet";
import { setBundle } from "@/lib/server/sets/setBundle";
import { PanelJudges, SetIdParam } from "@/lib/calibration/schema";
import { evaluatePanel, panelKey } from "@/lib/freeze/evaluate";
import { FINGERPRINT_FORM, fingerprintOf } from "@/lib/freeze/fingerprint";
import type { FreezeComputation, RuleAtFreeze } from "@/lib/freeze/record";
import { ruleDeviations } from "@/lib/freeze/rule";
import { Selection } from "@/lib/freeze/scope";
import { loadSetInput } from "@/lib/server/sets/setInput";
import { audit } from "@/lib/server/audit";
import { judgeSettings } from "@/lib/server/runs/judgeSettings";
import type { Ctx } from "@/lib/server/context";
import { Conflict, Invalid } from "@/lib/server/errors";
import { requireRole } from "@/lib/server/guard";
import { readFreezes } from "./freezeRecord";
import { readRule } from "./readRule";
import { DEFAULT_MIN_COVERAGE } from "@/lib/calibration/candidates";
import { MinCoverage, setReports } from "@/lib/server/reports/setReports";

const Reason = (what: string) => z.string().trim().min(10, `${what} in a sentence or two (at least 10 characters)`).max(5000, "must be at most 5,000 characters");

export const FreezePanelInput = z.strictObject({
  setId: SetIdParam,
  judges: PanelJudges,
  selection: Selection,
  minCoverage: MinCoverage.default(DEFAULT_MIN_COVERAGE),
  /** The fingerprint of the data the lead reviewed: a freeze is refused if the data changed since. */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 fingerprint"),
  rationale: Reason("explain the choice"),
  supersedes: z.strictObject({ id: z.number().int().positive(), reason: Reason("say why the earlier freeze is replaced") }).optional(),
  /** Freezing a set that is still open (its labels may change) must be confirmed. */
  confirmOpen: z.boolean().default(false),
});

/** The set's current freeze: the one no later freeze supersedes. */
function currentFreeze(tx: Tx, setId: number): number | null {
  const freezes = readFreezes(tx, { setId });
  return freezes.find((f) => f.supersededBy === null)?.record.id ?? null;
}

function checkSupersedes(tx: Tx, setId: number, supersedes: { id: number } | undefined): void {
  const current = currentFreeze(tx, setId);
  if (current !== null && supersedes === undefined) {
    throw new Conflict(`This set is already frozen (record #${current}). A new freeze must name the record it supersedes and say why.`);
  }
  if (current === null && supersedes !== undefined) throw new Invalid(`This set has no earlier freeze; record #${supersedes.id} cannot be superseded here.`);
  if (current !== null && supersedes !== undefined && supersedes.id !== current) {
    throw new Conflict(`Record #${supersedes.id} is not this set's current freeze; #${current} is. Supersede #${current}.`);
  }
}

/**
 * Freezes a panel: an immutable record (the database refuses any UPDATE or DELETE)
 * of its judges, rank, every figure with its Δκ interval, the pinned rubric versions,
 * the fingerprint of the exact units, consensus and verdicts, the pre-registered rule
 * and whether the freeze follows it, the rationale, who and when, and a snapshot of
 * the set's exact inputs (its bundle) so the record stays verifiable after they change. A set's later
 * freeze must name the one it supersedes, so the history is one chain.
 */
export async function freezePanel({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ id: number }> {
  const lead = requireRole(ctx, "lead");
  const params = FreezePanelInput.parse(input);
  const db = getDb();
  const reports = setReports(db, { setId: params.setId, selection: params.selection, panelSize: params.judges.length, minCoverage: params.minCoverage });
  const stale = () => new Conflict("The labels or verdicts of this set changed since you opened it. Review the updated report, then freeze.");
  if (reports.fingerprint !== params.fingerprint) throw stale();
  const [rankReport, heldOutReport] = await Promise.all([reports.ranked.report, reports.reported?.report ?? null]);
  const evaluation = evaluatePanel({ judges: params.judges, rankInput: reports.rankInput, rankReport, heldOutReport, options: reports.options });
  if (!evaluation) throw new Invalid(`This set has no panel of ${params.judges.join(", ")}.`);

  return db.transaction(
    (tx) => {
      // Nothing may have changed between the computation above and this write.
      if (fingerprintOf(loadSetInput(db, params.setId)) !== reports.fingerprint) throw stale();
      checkSupersedes(tx, params.setId, params.supersedes);
      const setOpen = readSet(tx, params.setId).status === "open";
      if (setOpen && !params.confirmOpen) {
        throw new Invalid("This set is still open, so its labels may still change. Close it first, or confirm that you freeze it while it is open.");
      }
      const now = new Date();
      const registered = readRule(tx, params.setId);
      const deviations = registered ? ruleDeviations(registered.rule, { panelSize: params.judges.length, selection: params.selection, rank: evaluation.rank }) : [];
      const rule: RuleAtFreeze | null = registered && {
        rule: registered.rule,
        text: registered.text,
        recorded_by: registered.recordedBy,
        recorded_at: registered.recordedAt.toISOString(),
        before_verdicts: registered.beforeVerdicts,
        followed: deviations.length === 0,
        deviations,
      };
      const { resamples, seed } = reports.options;
      const figures: FreezeComputation = {
        selection: params.selection,
        panels_ranked: evaluation.panels_ranked,
        figures: evaluation.figures,
        reported_figures: evaluation.reported_figures,
        interval: evaluation.interval,
        scope: { responses: reports.scope.responses, clinicians: reports.scope.clinicians, resamples, seed, min_coverage: params.minCoverage },
        fingerprint_form: FINGERPRINT_FORM,
        set_open: setOpen,
      };
      const settings = judgeSettings(tx, params.judges);
      const { id } = tx
        .insert(frozenPanels)
        .values({
          setId: params.setId,
          judges: panelKey(params.judges).split(","),
          judgeSettings: Object.fromEntries(params.judges.map((j) => [j, settings.get(j) ?? null])),
          panelSize: params.judges.length,
          figures,
          rank: evaluation.rank,
          rubricVersions: reports.scope.rubricVersions,
          fingerprint: reports.fingerprint,
          rule: rule && JSON.stringify(rule),
          rationale: params.rationale,
          supersedesId: params.supersedes?.id ?? null,
          supersedeReason: params.supersedes?.reason ?? null,
          frozenBy: lead.id,
          frozenAt: now,
        })
        .returning({ id: frozenPanels.id })
        .get();
      const snapshot = bundleText(setBundle(tx, params.setId));
      tx.insert(freezeSnapshots).values({ freezeId: id, bundle: snapshot, sha256: createHash("sha256").update(snapshot, "utf8").digest("hex") }).run();
      audit(tx, {
        actor: lead.id, action: "panel.freeze", entity: "frozen_panel", entityId: id,
        detail: { setId: params.setId, judges: params.judges, rank: evaluation.rank, fingerprint: reports.fingerprint, supersedes: params.supersedes?.id ?? null },
      }, now);
      return { id };
    },
    { behavior: "immediate" },
  );
}
