import type { WithSets } from "../bundle/schema";
import { candidateJudges } from "../calibration/candidates";
import { calibrate } from "../calibration/report";
import { evaluatePanel } from "./evaluate";
import { fingerprintOf } from "./fingerprint";
import type { FrozenRecord } from "./record";
import { inputFromBundle, restrictToSplit, splitsOf } from "./scope";
import { plural } from "@/lib/wording";

export interface VerifyCheck {
  name: string;
  ok: boolean;
  /** What was compared, or what differs (recorded → recomputed). */
  detail: string;
}

export interface Verification {
  ok: boolean;
  checks: VerifyCheck[];
}

const show = (value: unknown) => (value === undefined ? "absent" : JSON.stringify(value));

/** Paths where `recomputed` differs from `recorded`; numbers must be identical (the engine is deterministic and JSON keeps every double). */
export function differences(recorded: unknown, recomputed: unknown, path = ""): string[] {
  if (recorded !== null && recomputed !== null && typeof recorded === "object" && typeof recomputed === "object") {
    const keys = [...new Set([...Object.keys(recorded), ...Object.keys(recomputed)])];
    return keys.flatMap((key) =>
      differences((recorded as Record<string, unknown>)[key], (recomputed as Record<string, unknown>)[key], Array.isArray(recorded) ? `${path}[${key}]` : path ? `${path}.${key}` : key),
    );
  }
  return Object.is(recorded, recomputed) ? [] : [`${path || "(value)"}: recorded ${show(recorded)}, recomputed ${show(recomputed)}`];
}

function compare(name: string, recorded: unknown, recomputed: unknown): VerifyCheck {
  const found = differences(recorded, recomputed);
  const shown = found.slice(0, 5).join("; ");
  return { name, ok: found.length === 0, detail: found.length === 0 ? "match" : found.length > 5 ? `${shown}; and ${found.length - 5} more` : shown };
}

/**
 * Recomputes a frozen record from a bundle: the fingerprint of the exact units,
 * consensus and verdicts in its scope, then — with the same engine, options and
 * selection — the panel's rank, figures and Δκ interval. Every check must match.
 */
export function verifyFrozenRecord(record: FrozenRecord, bundle: WithSets): Verification {
  const { input, splitOf, missing } = inputFromBundle(bundle, record.scope, record.calibration_set.name);
  if (missing.length > 0) {
    const listed = missing.slice(0, 5).join(", ");
    return { ok: false, checks: [{ name: "scope", ok: false, detail: `the bundle lacks ${plural(missing.length, "record")} the freeze used: ${listed}${missing.length > 5 ? ", …" : ""}` }] };
  }
  const absent = panelJudgesWithout(record.judges, input);
  if (absent.length > 0) {
    return { ok: false, checks: [{ name: "verdicts", ok: false, detail: absent.join("; ") }] };
  }
  const checks: VerifyCheck[] = [];
  const fingerprint = fingerprintOf(input);
  checks.push({
    name: "fingerprint",
    ok: fingerprint === record.fingerprint.value,
    detail: fingerprint === record.fingerprint.value ? `match (${fingerprint})` : `recorded ${record.fingerprint.value}, recomputed ${fingerprint}`,
  });
  const { rankOn, reportOn } = splitsOf(record.selection);
  const rankInput = restrictToSplit(input, splitOf, rankOn);
  const minCoverage = record.scope.min_coverage ?? 0;
  const candidates = rankOn ? candidateJudges(input, minCoverage) : undefined;
  const options = { panelSize: record.panel_size, resamples: record.scope.resamples, seed: record.scope.seed, minCoverage, candidates };
  const evaluation = evaluatePanel({
    judges: record.judges,
    rankInput,
    rankReport: calibrate(rankInput, options),
    heldOutReport: reportOn ? calibrate(restrictToSplit(input, splitOf, reportOn), options) : null,
    options,
  });
  if (!evaluation) {
    checks.push({ name: "panel", ok: false, detail: `no panel of ${record.judges.join(", ")} can be formed from the bundle's verdicts` });
    return { ok: false, checks };
  }
  checks.push(
    compare("rank", { rank: record.rank, panels_ranked: record.panels_ranked }, { rank: evaluation.rank, panels_ranked: evaluation.panels_ranked }),
    compare("figures", record.figures, evaluation.figures),
    compare("held-out figures", record.reported_figures, evaluation.reported_figures),
    compare("interval", record.interval, evaluation.interval),
  );
  return { ok: checks.every((check) => check.ok), checks };
}

/** What the bundle lacks of the panel's own verdicts on the frozen responses: a line per judge with none. */
function panelJudgesWithout(judges: readonly string[], input: { verdicts: { judge: string }[] }): string[] {
  const counts = new Map<string, number>();
  for (const verdict of input.verdicts) counts.set(verdict.judge, (counts.get(verdict.judge) ?? 0) + 1);
  const missing = judges.filter((judge) => !counts.has(judge));
  if (missing.length === 0) return [];
  const present = judges.filter((judge) => counts.has(judge)).map((judge) => `${judge} has ${counts.get(judge)}`);
  return [
    `the bundle has no verdicts of the panel's judge${missing.length === 1 ? "" : "s"} ${missing.join(", ")} on the ${input.verdicts.length === 0 ? "" : "frozen set's "}responses` +
      `${present.length ? ` (${present.join(", ")})` : ""}: export the set with its judges' verdicts and verify again`,
  ];
}
