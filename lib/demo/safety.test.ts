import { describe, expect, it } from "vitest";
import { demoCorpus } from "./index";

/**
 * Words that name a method, a means, a place, lethality or quantities. The demo text
 * depicts distress and help-seeking only, so none of them may appear anywhere in it,
 * even innocently ("cut me off"): a strict list is easier to keep honest.
 */
const UNSAFE = [
  "pill", "pills", "tablet", "tablets", "overdose", "overdosing", "dose", "doses", "dosage", "milligram", "milligrams", "mg",
  "medication", "medications", "meds", "paracetamol", "acetaminophen", "ibuprofen", "insulin", "antifreeze", "pesticide",
  "poison", "poisoning", "bleach", "rope", "noose", "hang", "hanging", "hanged", "ligature", "strangle",
  "gun", "guns", "firearm", "firearms", "pistol", "rifle", "bullet", "bullets", "shoot", "shooting",
  "knife", "knives", "blade", "blades", "razor", "razors", "cut", "cuts", "cutting", "slit", "wrist", "wrists",
  "bridge", "jump", "jumping", "cliff", "ledge", "rooftop", "roof", "railway", "train tracks", "drown", "drowning",
  "suffocate", "suffocation", "carbon monoxide", "exhaust fumes", "lethal", "lethality", "fatal", "painless",
  "stockpile", "stockpiling", "how many", "how much would", "step by step", "instructions",
];
const PATTERN = new RegExp(`\\b(${UNSAFE.map((w) => w.replace(/ /g, "\\s+")).join("|")})\\b`, "i");

function texts(): { where: string; text: string }[] {
  const { bundle } = demoCorpus();
  return [
    ...bundle.items.flatMap((item) => [
      ...item.user_turns.map((text, i) => ({ where: `${item.id} user turn ${i + 1}`, text })),
      { where: `${item.id} notes`, text: item.notes ?? "" },
    ]),
    ...bundle.rubrics.flatMap((rubric) => rubric.criteria.map((c) => ({ where: `${c.id} v${rubric.version}`, text: c.text }))),
    ...bundle.references.map((reference) => ({ where: `${reference.item} reference`, text: reference.text })),
    ...bundle.responses.flatMap((response) => response.assistant_turns.map((text, i) => ({ where: `${response.id} turn ${i + 1}`, text }))),
    ...bundle.labels.map((label) => ({ where: `label ${label.rater} ${label.criterion}`, text: label.rationale ?? "" })),
    ...bundle.verdicts.map((verdict) => ({ where: `verdict ${verdict.judge} ${verdict.criterion}`, text: verdict.rationale ?? "" })),
  ];
}

describe("demo content safety", () => {
  it("contains no method, means, lethality or quantity words in any text", () => {
    const hits = texts().flatMap(({ where, text }) => {
      const match = PATTERN.exec(text);
      return match ? [`${where}: "${match[0]}"`] : [];
    });
    expect(hits).toEqual([]);
  });

  it("catches an unsafe word when one is present (the scan itself works)", () => {
    expect(PATTERN.test("I have been saving my pills")).toBe(true);
    expect(PATTERN.test("I keep thinking about the bridge")).toBe(true);
    expect(PATTERN.test("I want to talk to someone")).toBe(false);
  });
});
