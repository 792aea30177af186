import { describe, expect, it } from "vitest";
import { parseBundle, formatIssue } from "@/lib/bundle/parse";
import { currentRubrics } from "@/lib/bundle/references";
import { DIMENSIONS } from "@/lib/bundle/schema";
import { DIMENSION_LABELS, inTaxonomyOrder, PROGRESSION_STAGES, SSH_SUBCATEGORIES } from "@/lib/taxonomy";
import { demoBundleText, demoCorpus } from "./index";
import { MODELS } from "./responses";

const corpus = demoCorpus();
const { bundle } = corpus;
const current = currentRubrics(bundle.rubrics);

describe("demo bundle", () => {
  it("parses as JSON Lines with zero issues", () => {
    const text = demoBundleText();
    const parsed = parseBundle(text);
    expect(parsed.issues.map(formatIssue)).toEqual([]);
    expect(parsed.bundle).toEqual({ ...bundle, sets: [] });
    expect(text.trim().split("\n")).toHaveLength(Object.values(bundle).reduce((n, records) => n + records.length, 0));
  });

  it("is deterministic", () => {
    expect(demoCorpus()).toEqual(corpus);
    expect(demoBundleText()).toBe(demoBundleText());
  });
});

describe("demo items", () => {
  it("has four items per subcategory with DEMO ids, each with a note", () => {
    expect(bundle.items).toHaveLength(SSH_SUBCATEGORIES.length * 4);
    bundle.items.forEach((item, i) => expect(item.id).toBe(`DEMO-${String(i + 1).padStart(4, "0")}`));
    for (const subcategory of SSH_SUBCATEGORIES) expect(bundle.items.filter((i) => i.subcategory === subcategory.slug)).toHaveLength(4);
    for (const item of bundle.items) expect(item.notes?.length).toBeGreaterThan(20);
  });

  it("covers both values of every metadata axis, single and multi-turn, and several stages", () => {
    const values = (pick: (i: (typeof bundle.items)[number]) => string) => new Set(bundle.items.map(pick));
    expect(values((i) => i.age)).toEqual(new Set(["U18", "O18"]));
    expect(values((i) => i.intent)).toEqual(new Set(["borderline", "explicit"]));
    expect(values((i) => i.directness)).toEqual(new Set(["implicit", "explicit"]));
    expect(values((i) => i.split)).toEqual(new Set(["public", "private"]));
    expect(values((i) => (i.user_turns.length === 1 ? "single" : "multi"))).toEqual(new Set(["single", "multi"]));
    const stages = values((i) => i.stage);
    expect(stages.size).toBeGreaterThanOrEqual(4);
    for (const stage of stages) expect(PROGRESSION_STAGES.map((s) => s.slug)).toContain(stage);
  });

  it("splits public and private evenly", () => {
    expect(bundle.items.filter((i) => i.split === "public")).toHaveLength(bundle.items.length / 2);
  });
});

describe("taxonomy", () => {
  it("has 23 unique snake_case subcategories with a label and one-line description", () => {
    expect(SSH_SUBCATEGORIES).toHaveLength(23);
    expect(new Set(SSH_SUBCATEGORIES.map((s) => s.slug)).size).toBe(23);
    for (const s of SSH_SUBCATEGORIES) {
      expect(s.slug).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
      expect(s.label.length).toBeGreaterThan(0);
      expect(s.description).not.toContain("\n");
    }
  });

  it("labels every dimension", () => {
    expect(Object.keys(DIMENSION_LABELS).sort()).toEqual([...DIMENSIONS].sort());
  });

  it("orders subcategories and stages clinically, unknown slugs last and alphabetically", () => {
    expect(inTaxonomyOrder("subcategory", ["zeta_other", "academic_work_pressure", "alpha_other", "passive_ideation", "imminent_risk"])).toEqual([
      "passive_ideation", "imminent_risk", "academic_work_pressure", "alpha_other", "zeta_other",
    ]);
    expect(inTaxonomyOrder("stage", ["aftermath", "ideation", "action", "planning"])).toEqual(["ideation", "planning", "action", "aftermath"]);
  });
});

describe("demo rubrics", () => {
  it("gives every item a current rubric of 6–20 criteria with integer weights 1–20", () => {
    for (const item of bundle.items) {
      const rubric = current.get(item.id);
      expect(rubric, item.id).toBeDefined();
      expect(rubric?.criteria.length).toBeGreaterThanOrEqual(6);
      expect(rubric?.criteria.length).toBeLessThanOrEqual(20);
      for (const c of rubric?.criteria ?? []) expect(Number.isInteger(c.weight) && c.weight >= 1 && c.weight <= 20).toBe(true);
    }
  });

  it("gives the safety-critical criteria more weight than the disclaimers", () => {
    for (const rubric of current.values()) {
      const max = (dimension: string) => Math.max(0, ...rubric.criteria.filter((c) => c.dimension === dimension).map((c) => c.weight));
      expect(max("identification")).toBeGreaterThan(max("disclaimers"));
      expect(max("actionable_resources")).toBeGreaterThan(max("disclaimers"));
    }
  });

  it("keeps a seven-criterion scaffold as version 1 for about a third of the items, revised in version 2", () => {
    const revised = bundle.rubrics.filter((r) => r.version === 2);
    expect(revised.length).toBeGreaterThanOrEqual(25);
    expect(revised.length).toBeLessThanOrEqual(40);
    for (const v2 of revised) {
      const v1 = bundle.rubrics.find((r) => r.item === v2.item && r.version === 1);
      expect(v1?.criteria).toHaveLength(7);
      expect(new Set(v1?.criteria.map((c) => c.dimension))).toEqual(new Set(DIMENSIONS));
      expect(v1?.criteria.map((c) => c.weight).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const kept = v2.criteria.filter((c) => v1?.criteria.some((o) => o.id === c.id));
      const reworded = kept.filter((c) => v1?.criteria.find((o) => o.id === c.id)?.text !== c.text);
      expect(kept.length).toBeGreaterThanOrEqual(6);
      expect(reworded.length).toBeGreaterThan(0);
      expect(v2.criteria.length).toBeGreaterThan(kept.length);
    }
    // The scaffolds' criteria are the model-drafted ones, and only they.
    const scaffoldIds = revised.flatMap((v2) => bundle.rubrics.find((r) => r.item === v2.item && r.version === 1)?.criteria.map((c) => c.id) ?? []);
    expect([...corpus.modelDraftedCriteria].sort()).toEqual(scaffoldIds.sort());
  });

  it("uses criterion ids that belong to one item only", () => {
    const owner = new Map<string, string>();
    for (const rubric of bundle.rubrics) {
      for (const c of rubric.criteria) {
        expect(c.id.startsWith(`${rubric.item}.c`)).toBe(true);
        expect(owner.get(c.id) ?? rubric.item).toBe(rubric.item);
        owner.set(c.id, rubric.item);
      }
    }
  });
});

describe("demo references and responses", () => {
  it("has one reference per item, pinned to the current rubric", () => {
    expect(bundle.references).toHaveLength(bundle.items.length);
    for (const reference of bundle.references) {
      expect(reference.version).toBe(1);
      expect(reference.rubric_version).toBe(current.get(reference.item)?.version);
      expect(reference.text).toMatch(/988|crisis line/);
    }
  });

  it("has four responses per item from four different models, one assistant turn per user turn", () => {
    for (const item of bundle.items) {
      const responses = bundle.responses.filter((r) => r.item === item.id);
      expect(responses).toHaveLength(4);
      expect(new Set(responses.map((r) => r.model)).size).toBe(4);
      for (const r of responses) expect(r.assistant_turns).toHaveLength(item.user_turns.length);
    }
    expect(bundle.responses.some((r) => r.assistant_turns.at(-1) === "")).toBe(true);
  });

  it("uses opaque response ids that reveal no model", () => {
    for (const r of bundle.responses) {
      expect(r.id).toMatch(/^r-[0-9a-f]{8}$/);
      for (const model of MODELS) expect(r.id).not.toContain(model.id);
    }
  });
});

describe("demo calibration", () => {
  const { calibrationSet } = corpus;
  const units = calibrationSet.responseIds.flatMap((response) => {
    const item = bundle.responses.find((r) => r.id === response)?.item ?? "";
    return (current.get(item)?.criteria ?? []).map((c) => ({ key: `${response} ${c.id}`, dimension: c.dimension }));
  });

  it("samples 30 items across the subcategories with all their responses", () => {
    expect(calibrationSet.itemIds).toHaveLength(30);
    const subcategories = new Set(calibrationSet.itemIds.map((id) => bundle.items.find((i) => i.id === id)?.subcategory));
    expect(subcategories.size).toBe(SSH_SUBCATEGORIES.length);
    expect(calibrationSet.responseIds).toHaveLength(120);
    expect(new Set(calibrationSet.responseIds.map((id) => bundle.responses.find((r) => r.id === id)?.item))).toEqual(new Set(calibrationSet.itemIds));
  });

  it("has one lead, one author and three clinicians, who are the raters", () => {
    const withRole = (role: string) => corpus.accounts.filter((a) => a.roles.some((r) => r === role));
    expect(withRole("lead")).toHaveLength(1);
    expect(withRole("author")).toHaveLength(1);
    expect(withRole("clinician").map((a) => a.id)).toEqual(calibrationSet.clinicianIds);
    expect(new Set(bundle.labels.map((l) => l.rater))).toEqual(new Set(calibrationSet.clinicianIds));
    expect(new Set(corpus.accounts.map((a) => a.email)).size).toBe(corpus.accounts.length);
  });

  it("has labels from the three clinicians on every unit, a few missing one", () => {
    const raters = new Map<string, number>();
    for (const label of bundle.labels) raters.set(`${label.response} ${label.criterion}`, (raters.get(`${label.response} ${label.criterion}`) ?? 0) + 1);
    expect(raters.size).toBe(units.length);
    const short = [...raters.values()].filter((n) => n < 3);
    expect(short.length).toBeGreaterThan(0);
    expect(short.length).toBeLessThanOrEqual(10);
    expect(short.every((n) => n === 2)).toBe(true);
  });

  it("has clinicians who agree 75–90% of the time, least on identification", () => {
    const verdicts = new Map<string, boolean[]>();
    for (const l of bundle.labels) verdicts.set(`${l.response} ${l.criterion}`, [...(verdicts.get(`${l.response} ${l.criterion}`) ?? []), l.verdict]);
    const agreement = (dimension?: string) => {
      let same = 0;
      let pairs = 0;
      for (const unit of units.filter((u) => !dimension || u.dimension === dimension)) {
        const v = verdicts.get(unit.key) ?? [];
        for (let i = 0; i < v.length; i++) for (let j = i + 1; j < v.length; j++) { pairs++; if (v[i] === v[j]) same++; }
      }
      return same / pairs;
    };
    expect(agreement()).toBeGreaterThanOrEqual(0.75);
    expect(agreement()).toBeLessThanOrEqual(0.9);
    for (const dimension of DIMENSIONS) expect(agreement("identification")).toBeLessThanOrEqual(agreement(dimension));
  });

  it("has fifteen judges with a verdict on every unit and about 1–2% missing", () => {
    const judges = [...new Set(bundle.verdicts.map((v) => v.judge))].sort();
    expect(judges).toEqual(Array.from({ length: 15 }, (_, j) => `judge-${String(j + 1).padStart(2, "0")}`));
    expect(bundle.verdicts).toHaveLength(15 * units.length);
    const missing = bundle.verdicts.filter((v) => v.verdict === null).length / bundle.verdicts.length;
    expect(missing).toBeGreaterThan(0.005);
    expect(missing).toBeLessThan(0.03);
  });
});
