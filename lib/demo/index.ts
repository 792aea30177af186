import { KEY_OF_KIND, RECORD_KINDS, type Bundle, type RubricRecord } from "@/lib/bundle/schema";
import { sampleItemOf } from "@/lib/sampling/strata";
import { drawStratified } from "@/lib/sampling/stratified";
import { mulberry32, seedFromString, shuffled } from "@/lib/stats/prng";
import { DEMO_ACCOUNTS } from "./accounts";
import { demoItems, type DemoItem } from "./items";
import { demoLabels } from "./labels";
import { demoResponses, referenceText, type DemoResponse } from "./responses";
import { demoRubric, type DemoRubric } from "./rubrics";
import type { DemoCalibrationSet, DemoCorpus } from "./types";
import type { DemoUnit } from "./units";
import { demoVerdicts } from "./verdicts";

export type { DemoAccount, DemoCalibrationSet, DemoCorpus } from "./types";

const CALIBRATION_SEED = 20260714;
const CALIBRATION_SIZE = 30;
/** About a third of the items keep the model-drafted scaffold as rubric version 1. */
const HISTORY_SHARE = 1 / 3;

/** Opaque response ids (`r-` and 8 hex digits) that reveal neither the model nor the order. */
function responseIds(): () => string {
  const random = mulberry32(seedFromString("demo:response-ids"));
  const used = new Set<string>();
  return () => {
    for (;;) {
      const id = `r-${Math.floor(random() * 0x100000000).toString(16).padStart(8, "0")}`;
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}

/** The calibration set's items: drawn balanced over every stratum, as a lead's new set is (lib/sampling). */
function calibrationItems(items: DemoItem[]): DemoItem[] {
  const byId = new Map(items.map((item) => [item.record.id, item]));
  return drawStratified(items.map((item) => sampleItemOf(item.record)), CALIBRATION_SIZE, CALIBRATION_SEED).flatMap((id) => byId.get(id) ?? []);
}

function units(items: DemoItem[], rubrics: Map<string, DemoRubric>, responses: Map<string, DemoResponse[]>): DemoUnit[] {
  return items.flatMap((item) => {
    const rubric = rubrics.get(item.record.id);
    if (!rubric) return [];
    return (responses.get(item.record.id) ?? []).flatMap(({ record, truthOf }) =>
      rubric.current.criteria.map((criterion) => ({
        response: record.id,
        criterion: criterion.id,
        dimension: criterion.dimension,
        truth: truthOf(rubric.kindOf.get(criterion.id) ?? "extra"),
        empty: record.assistant_turns[record.assistant_turns.length - 1] === "",
      })),
    );
  });
}

interface DemoParts {
  items: DemoItem[];
  rubrics: Map<string, DemoRubric>;
  responses: Map<string, DemoResponse[]>;
}

/** Items, their rubrics and their responses, each drawn from its own seeded stream. */
function demoParts(): DemoParts {
  const items = demoItems();
  const historyPick = mulberry32(seedFromString("demo:history"));
  const withHistory = new Set(shuffled(items, historyPick).slice(0, Math.round(items.length * HISTORY_SHARE)).map((i) => i.record.id));
  const rubrics = new Map(items.map((item) => [item.record.id, demoRubric(item, withHistory.has(item.record.id))]));
  const nextId = responseIds();
  const responses = new Map(items.map((item) => [item.record.id, demoResponses(item, nextId)]));
  return { items, rubrics, responses };
}

/**
 * Every (response, criterion) pair of the whole corpus — the calibration set's and all
 * the others — on the current rubric, with what the response really does: the latent
 * truth the demo's labels and verdicts are drawn from (the demo simulator answers from it).
 */
export function demoUnits(): DemoUnit[] {
  const { items, rubrics, responses } = demoParts();
  return units(items, rubrics, responses);
}

/**
 * Concord's deterministic demo corpus: 92 items over the 23 SSH subcategories, their
 * rubrics (a third with history), references, four responses each, and a calibration
 * set labelled by three clinicians and judged by fifteen candidate judges.
 */
export function demoCorpus(): DemoCorpus {
  const { items, rubrics, responses } = demoParts();

  const calibration = calibrationItems(items);
  const calibrationUnits = units(calibration, rubrics, responses);
  const clinicianIds = DEMO_ACCOUNTS.filter((a) => a.roles.includes("clinician")).map((a) => a.id);
  const calibrationResponses = calibration.flatMap((item) => responses.get(item.record.id) ?? []).map((r) => r.record.id);

  const rubricRecords: RubricRecord[] = items.flatMap((item) => rubrics.get(item.record.id)?.versions ?? []);
  const bundle: Bundle = {
    items: items.map((item) => item.record),
    rubrics: rubricRecords,
    references: items.map((item) => {
      const rubric = rubrics.get(item.record.id);
      const kinds = rubric ? rubric.current.criteria.map((c) => rubric.kindOf.get(c.id) ?? "extra") : [];
      return { kind: "reference", item: item.record.id, version: 1, text: referenceText(item, kinds), rubric_version: rubric?.current.version };
    }),
    // Sorted by id within each item, so the file order does not reveal which response is which.
    responses: items.flatMap((item) => (responses.get(item.record.id) ?? []).map((r) => r.record).sort((a, b) => a.id.localeCompare(b.id))),
    labels: demoLabels(calibrationUnits, clinicianIds),
    verdicts: demoVerdicts(calibrationUnits),
  };
  const calibrationSet: DemoCalibrationSet = {
    name: "Demo calibration set",
    seed: CALIBRATION_SEED,
    itemIds: calibration.map((item) => item.record.id),
    responseIds: calibrationResponses,
    clinicianIds,
  };
  const modelDraftedCriteria = [...rubrics.values()].filter((r) => r.versions.length > 1).flatMap((r) => r.versions[0].criteria.map((c) => c.id));
  return { bundle, modelDraftedCriteria, accounts: DEMO_ACCOUNTS.map((a) => ({ ...a, roles: [...a.roles] })), calibrationSet };
}

/** The demo bundle as JSON Lines: one record per line, kinds in bundle order, a trailing newline. */
export function demoBundleText(): string {
  const { bundle } = demoCorpus();
  return RECORD_KINDS.flatMap((kind) => bundle[KEY_OF_KIND[kind]].map((record) => JSON.stringify(record))).join("\n") + "\n";
}
