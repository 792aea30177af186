import type { Bundle, Descriptors, ItemRecord, ResponseRecord, RubricRecord } from "./schema";
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
export function checkReferences(bundle: Bundle, lines: ParsedBundle["lines"], known?: KnownRecords): BundleIssue[] {
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
  checkUnits(bundle.labels, (i) => bundle.labels[i].rater, lines.labels, "rater");
  checkUnits(bundle.verdicts, (i) => bundle.verdicts[i].judge, lines.verdicts, "judge");
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
