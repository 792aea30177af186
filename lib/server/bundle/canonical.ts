import type { BundleRecord, ItemRecord, LabelRecord, ReferenceRecord, ResponseRecord, RubricRecord, SetRecord, VerdictRecord } from "@/lib/bundle/schema";

/*
 * One canonical shape per record kind: fixed key order, optional keys only when
 * present, defaults filled in. The exporter writes these, and the importer compares
 * them to decide "already stored, identical" versus "conflicts with what is stored".
 */

export function canonicalItem(r: ItemRecord): ItemRecord {
  return {
    kind: "item", id: r.id, subcategory: r.subcategory, age: r.age, intent: r.intent, stage: r.stage,
    directness: r.directness, split: r.split, user_turns: r.user_turns,
    ...(r.notes != null ? { notes: r.notes } : {}),
  };
}

export function canonicalRubric(r: RubricRecord): RubricRecord {
  return {
    kind: "rubric", item: r.item, version: r.version,
    criteria: r.criteria.map((c) => ({ id: c.id, dimension: c.dimension, weight: c.weight, text: c.text })),
  };
}

export function canonicalReference(r: ReferenceRecord): ReferenceRecord {
  return {
    kind: "reference", item: r.item, version: r.version, text: r.text,
    ...(r.rubric_version != null ? { rubric_version: r.rubric_version } : {}),
  };
}

export function canonicalResponse(r: ResponseRecord): ResponseRecord {
  return { kind: "response", id: r.id, item: r.item, model: r.model, run: r.run ?? 1, assistant_turns: r.assistant_turns };
}

export function canonicalLabel(r: LabelRecord): LabelRecord {
  return {
    kind: "label", rater: r.rater, response: r.response, criterion: r.criterion, verdict: r.verdict,
    ...(r.rationale != null ? { rationale: r.rationale } : {}),
    ...(r.set != null ? { set: r.set } : {}),
  };
}

export function canonicalVerdict(r: VerdictRecord): VerdictRecord {
  return {
    kind: "verdict", judge: r.judge, response: r.response, criterion: r.criterion, verdict: r.verdict,
    ...(r.rationale != null ? { rationale: r.rationale } : {}),
    ...(r.rubric_version != null ? { rubric_version: r.rubric_version } : {}),
  };
}

export function canonicalSet(r: SetRecord): SetRecord {
  return {
    kind: "set", id: r.id, name: r.name, seed: r.seed, status: r.status ?? "open",
    items: r.items.map((i) => ({ item: i.item, rubric_version: i.rubric_version })), responses: r.responses, clinicians: r.clinicians,
  };
}

export function canonical(r: BundleRecord): BundleRecord {
  switch (r.kind) {
    case "item": return canonicalItem(r);
    case "rubric": return canonicalRubric(r);
    case "reference": return canonicalReference(r);
    case "response": return canonicalResponse(r);
    case "label": return canonicalLabel(r);
    case "verdict": return canonicalVerdict(r);
  }
}

/** True when two records say the same thing. */
export function sameRecord(a: BundleRecord, b: BundleRecord): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
