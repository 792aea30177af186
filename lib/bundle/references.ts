import type { Descriptors, ItemRecord, ResponseRecord, RubricRecord } from "./schema";
import type { BundleIssue, ParsedBundle } from "./parse";

/** Records already stored (on import): references in a bundle may resolve to them. */
export interface KnownRecords {
  items: Pick<ItemRecord, "id" | "user_turns">[];
  rubrics: Pick<RubricRecord, "item" | "version" | "criteria">[];
  responses: Pick<ResponseRecord, "id" | "item">[];
}

/** The highest rubric version of each item among `rubrics`. */
export function currentRubrics<R extends Pick<RubricRecord, "item" | "version">>(rubrics: Iterable<R>): Map<string, R> {
  const current = new Map<string, R>();
  for (const rubric of rubrics) {
    const seen = current.get(rubric.item);
    if (!seen || rubric.version > seen.version) current.set(rubric.item, rubric);
  }
  return current;
}

/** Checks uniqueness and that every reference resolves, per docs/format.md. */
export function checkReferences(bundle: ParsedBundle["bundle"], lines: ParsedBundle["lines"], known?: KnownRecords): BundleIssue[] {
  const issues: BundleIssue[] = [];
  const turnsOfItem = new Map<string, number>();
  for (const item of known?.items ?? []) turnsOfItem.set(item.id, item.user_turns.length);
  const itemLine = new Map<string, number>();
  bundle.items.forEach((item, i) => {
    const line = lines.items[i];
    const dup = itemLine.get(item.id);
    if (dup !== undefined) issues.push({ line, field: "id", reason: `duplicate item "${item.id}" (also on line ${dup})` });
    itemLine.set(item.id, line);
    turnsOfItem.set(item.id, item.user_turns.length);
  });

  const itemOfCriterion = new Map<string, string>();
  for (const rubric of known?.rubrics ?? []) for (const c of rubric.criteria) itemOfCriterion.set(c.id, rubric.item);
  const rubricLine = new Map<string, number>();
  bundle.rubrics.forEach((rubric, i) => {
    const line = lines.rubrics[i];
    if (!turnsOfItem.has(rubric.item)) issues.push({ line, field: "item", reason: `unknown item "${rubric.item}"` });
    const key = `${rubric.item}\u0000${rubric.version}`;
    const dup = rubricLine.get(key);
    if (dup !== undefined) issues.push({ line, field: "version", reason: `duplicate rubric version ${rubric.version} of "${rubric.item}" (also on line ${dup})` });
    rubricLine.set(key, line);
    const inRubric = new Set<string>();
    rubric.criteria.forEach((criterion, j) => {
      if (inRubric.has(criterion.id)) issues.push({ line, field: `criteria.${j}.id`, reason: `duplicate criterion "${criterion.id}" in this rubric` });
      inRubric.add(criterion.id);
      const owner = itemOfCriterion.get(criterion.id);
      if (owner !== undefined && owner !== rubric.item) {
        issues.push({ line, field: `criteria.${j}.id`, reason: `criterion "${criterion.id}" already belongs to item "${owner}"` });
      } else {
        itemOfCriterion.set(criterion.id, rubric.item);
      }
    });
  });

  const allRubrics = [...(known?.rubrics ?? []), ...bundle.rubrics];
  const versionsOfItem = new Map<string, Set<number>>();
  for (const rubric of allRubrics) {
    const versions = versionsOfItem.get(rubric.item) ?? new Set<number>();
    versions.add(rubric.version);
    versionsOfItem.set(rubric.item, versions);
  }
  // each criterion of an item's current rubric: its position, so a unit is a number
  const positionOf = new Map<string, Map<string, number>>();
  for (const [item, rubric] of currentRubrics(allRubrics)) positionOf.set(item, new Map(rubric.criteria.map((c, i) => [c.id, i])));

  const referenceLine = new Map<string, number>();
  bundle.references.forEach((reference, i) => {
    const line = lines.references[i];
    if (!turnsOfItem.has(reference.item)) issues.push({ line, field: "item", reason: `unknown item "${reference.item}"` });
    const key = `${reference.item}\u0000${reference.version}`;
    const dup = referenceLine.get(key);
    if (dup !== undefined) issues.push({ line, field: "version", reason: `duplicate reference version ${reference.version} of "${reference.item}" (also on line ${dup})` });
    referenceLine.set(key, line);
    if (reference.rubric_version !== undefined && !versionsOfItem.get(reference.item)?.has(reference.rubric_version)) {
      issues.push({ line, field: "rubric_version", reason: `item "${reference.item}" has no rubric version ${reference.rubric_version}` });
    }
  });

  const itemOfResponse = new Map<string, string>();
  for (const response of known?.responses ?? []) itemOfResponse.set(response.id, response.item);
  const responseLine = new Map<string, number>();
  bundle.responses.forEach((response, i) => {
    const line = lines.responses[i];
    const dup = responseLine.get(response.id);
    if (dup !== undefined) issues.push({ line, field: "id", reason: `duplicate response "${response.id}" (also on line ${dup})` });
    responseLine.set(response.id, line);
    itemOfResponse.set(response.id, response.item);
    const turns = turnsOfItem.get(response.item);
    if (turns === undefined) {
      issues.push({ line, field: "item", reason: `unknown item "${response.item}"` });
    } else if (response.assistant_turns.length !== turns) {
      issues.push({ line, field: "assistant_turns", reason: `has ${response.assistant_turns.length} turns but item "${response.item}" has ${turns} user turns` });
    }
  });

  // unit number = base of the response + position of the criterion in its item's current rubric
  const baseOf = new Map<string, number>();
  let units = 0;
  for (const [response, item] of itemOfResponse) {
    baseOf.set(response, units);
    units += positionOf.get(item)?.size ?? 0;
  }
  const checkUnits = (records: readonly { response: string; criterion: string }[], whoOf: (i: number) => string, lineOf: readonly number[], what: "rater" | "judge") => {
    // line of the first label/verdict per (rater or judge, unit); a string key only for records that are not about a unit
    const firstLine = new Map<string, Int32Array>();
    const otherLine = new Map<string, number>();
    // consecutive lines are mostly about the same response and the same few judges
    let lastResponse: string | undefined;
    let item: string | undefined;
    let positions: Map<string, number> | undefined;
    let lastWho: string | undefined;
    let seen: Int32Array | undefined;
    records.forEach((record, i) => {
      const line = lineOf[i];
      const who = whoOf(i);
      if (record.response !== lastResponse) {
        lastResponse = record.response;
        item = itemOfResponse.get(record.response);
        positions = item === undefined ? undefined : positionOf.get(item);
      }
      const position = positions?.get(record.criterion);
      let dup: number | undefined;
      if (item === undefined) {
        issues.push({ line, field: "response", reason: `unknown response "${record.response}"` });
      } else if (position === undefined) {
        issues.push({ line, field: "criterion", reason: `"${record.criterion}" is not a criterion of the current rubric of item "${item}"` });
      }
      if (position === undefined) {
        const key = `${who}\u0000${record.response}\u0000${record.criterion}`;
        dup = otherLine.get(key);
        if (dup === undefined) otherLine.set(key, line);
      } else {
        if (who !== lastWho || !seen) {
          lastWho = who;
          seen = firstLine.get(who);
          if (!seen) {
            seen = new Int32Array(units);
            firstLine.set(who, seen);
          }
        }
        const unit = (baseOf.get(record.response) as number) + position;
        if (seen[unit] > 0) dup = seen[unit];
        else seen[unit] = line;
      }
      if (dup !== undefined) issues.push({ line, field: what, reason: `a second ${what === "rater" ? "label" : "verdict"} by "${who}" on this unit (also on line ${dup})` });
    });
  };
  // Lines that name their set or rubric version are checked against it (checkScoped); the rest against the current rubric.
  const plain = <R extends { set?: string; rubric_version?: number }>(records: readonly R[], lineOf: readonly number[]) => {
    const kept: R[] = [];
    const keptLines: number[] = [];
    records.forEach((r, i) => {
      if (r.set === undefined && r.rubric_version === undefined) {
        kept.push(r);
        keptLines.push(lineOf[i]);
      }
    });
    return { kept, keptLines };
  };
  const labels = plain(bundle.labels, lines.labels);
  const verdicts = plain(bundle.verdicts, lines.verdicts);
  checkUnits(labels.kept, (i) => labels.kept[i].rater, labels.keptLines, "rater");
  checkUnits(verdicts.kept, (i) => verdicts.kept[i].judge, verdicts.keptLines, "judge");
  issues.push(...checkScoped(bundle, lines, { turnsOfItem, itemOfResponse, allRubrics }));
  return issues;
}

interface Resolved {
  turnsOfItem: ReadonlyMap<string, number>;
  itemOfResponse: ReadonlyMap<string, string>;
  allRubrics: readonly Pick<RubricRecord, "item" | "version" | "criteria">[];
}

/**
 * The `set` lines, the labels given in a set (on its pinned rubric version, by one of
 * its clinicians, on one of its responses) and the verdicts that name their rubric
 * version (docs/format.md#calibration-sets).
 */
function checkScoped(bundle: ParsedBundle["bundle"], lines: ParsedBundle["lines"], { turnsOfItem, itemOfResponse, allRubrics }: Resolved): BundleIssue[] {
  const issues: BundleIssue[] = [];
  const criteriaOf = new Map(allRubrics.map((r) => [`${r.item}\u0000${r.version}`, new Set(r.criteria.map((c) => c.id))]));
  const sets = new Map<string, { pins: Map<string, number>; responses: Set<string>; clinicians: Set<string> }>();
  const setLine = new Map<string, number>();
  bundle.sets.forEach((set, i) => {
    const line = lines.sets[i];
    const dup = setLine.get(set.id);
    if (dup !== undefined) issues.push({ line, field: "id", reason: `duplicate calibration set "${set.id}" (also on line ${dup})` });
    setLine.set(set.id, line);
    const pins = new Map<string, number>();
    set.items.forEach(({ item, rubric_version }, j) => {
      if (!turnsOfItem.has(item)) issues.push({ line, field: `items.${j}.item`, reason: `unknown item "${item}"` });
      else if (!criteriaOf.has(`${item}\u0000${rubric_version}`)) issues.push({ line, field: `items.${j}.rubric_version`, reason: `item "${item}" has no rubric version ${rubric_version}` });
      if (pins.has(item)) issues.push({ line, field: `items.${j}.item`, reason: `item "${item}" is listed twice` });
      pins.set(item, rubric_version);
    });
    const responses = new Set<string>();
    set.responses.forEach((response, j) => {
      const item = itemOfResponse.get(response);
      if (item === undefined) issues.push({ line, field: `responses.${j}`, reason: `unknown response "${response}"` });
      else if (!pins.has(item)) issues.push({ line, field: `responses.${j}`, reason: `response "${response}" answers item "${item}", which is not in the set` });
      if (responses.has(response)) issues.push({ line, field: `responses.${j}`, reason: `response "${response}" is listed twice` });
      responses.add(response);
    });
    const clinicians = new Set<string>();
    set.clinicians.forEach((clinician, j) => {
      if (clinicians.has(clinician)) issues.push({ line, field: `clinicians.${j}`, reason: `clinician "${clinician}" is listed twice` });
      clinicians.add(clinician);
    });
    sets.set(set.id, { pins, responses, clinicians });
  });

  const seen = new Map<string, number>();
  const once = (key: string, line: number, field: string, what: string) => {
    const dup = seen.get(key);
    if (dup !== undefined) issues.push({ line, field, reason: `a second ${what} on this unit (also on line ${dup})` });
    else seen.set(key, line);
  };
  bundle.labels.forEach((label, i) => {
    if (label.set === undefined) return;
    const line = lines.labels[i];
    const set = sets.get(label.set);
    if (!set) return issues.push({ line, field: "set", reason: `unknown calibration set "${label.set}" (no set line has that id)` });
    const item = itemOfResponse.get(label.response);
    const version = item === undefined ? undefined : set.pins.get(item);
    if (!set.responses.has(label.response) || version === undefined) return issues.push({ line, field: "response", reason: `response "${label.response}" is not in calibration set "${label.set}"` });
    if (!criteriaOf.get(`${item}\u0000${version}`)?.has(label.criterion)) {
      issues.push({ line, field: "criterion", reason: `"${label.criterion}" is not a criterion of rubric version ${version} of item "${item}", which set "${label.set}" pinned` });
    }
    if (!set.clinicians.has(label.rater)) issues.push({ line, field: "rater", reason: `"${label.rater}" is not a clinician of calibration set "${label.set}"` });
    once(`l\u0000${label.set}\u0000${label.rater}\u0000${label.response}\u0000${label.criterion}`, line, "rater", `label by "${label.rater}" in set "${label.set}"`);
  });
  bundle.verdicts.forEach((verdict, i) => {
    if (verdict.rubric_version === undefined) return;
    const line = lines.verdicts[i];
    const item = itemOfResponse.get(verdict.response);
    if (item === undefined) return issues.push({ line, field: "response", reason: `unknown response "${verdict.response}"` });
    const criteria = criteriaOf.get(`${item}\u0000${verdict.rubric_version}`);
    if (!criteria) return issues.push({ line, field: "rubric_version", reason: `item "${item}" has no rubric version ${verdict.rubric_version}` });
    if (!criteria.has(verdict.criterion)) issues.push({ line, field: "criterion", reason: `"${verdict.criterion}" is not a criterion of rubric version ${verdict.rubric_version} of item "${item}"` });
    once(`v\u0000${verdict.judge}\u0000${verdict.response}\u0000${verdict.criterion}\u0000${verdict.rubric_version}`, line, "judge", `verdict by "${verdict.judge}" on rubric version ${verdict.rubric_version}`);
  });
  return issues;
}

/** At most one `model` line per model id and one `judge` line per judge id (FORMAT.md v2). */
export function checkDescriptors(descriptors: Descriptors, lines: ParsedBundle["descriptorLines"]): BundleIssue[] {
  const issues: BundleIssue[] = [];
  for (const kind of ["models", "judges"] as const) {
    const seen = new Map<string, number>();
    descriptors[kind].forEach((record, i) => {
      const line = lines[kind][i];
      const dup = seen.get(record.id);
      if (dup !== undefined) issues.push({ line, field: "id", reason: `a second ${record.kind} line for "${record.id}" (also on line ${dup})` });
      else seen.set(record.id, line);
    });
  }
  return issues;
}
