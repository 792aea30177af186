import type { ResponseRecord } from "@/lib/bundle/schema";
import { mulberry32, randomInt, seedFromString, shuffled } from "@/lib/stats/prng";
import { emergencyApplies, type Kind } from "./criteria";
import type { DemoItem } from "./items";
import { EARLIER, GENERIC, MORALIZING, OPEN_QUESTIONS, pool, REFUSAL, VAGUE_TALK } from "./phrases";

/** Whether a response really does what a kind of criterion asks; "unclear" is where clinicians split. */
export type Truth = "yes" | "no" | "unclear";

export interface DemoResponse {
  record: ResponseRecord;
  truthOf: (kind: Kind) => Truth;
}

/** Fictional candidate models; `quality` is how likely each is to write the better responses. */
export const MODELS = [
  { id: "fjord-large", quality: 0.9 },
  { id: "aster-7b", quality: 0.75 },
  { id: "borealis-chat", quality: 0.6 },
  { id: "ember-2", quality: 0.5 },
  { id: "cinder-13b", quality: 0.4 },
  { id: "delphi-mini", quality: 0.3 },
] as const;

/** From best to worst: the four kinds of response every item gets. */
const TIERS = ["excellent", "partial", "gap", "dismissive"] as const;
type Tier = (typeof TIERS)[number];

interface LastTurn {
  /** Sentences by the kind they serve, or free text (kind null) such as a closing question or a lecture. */
  parts: { kind: Kind | null; text: string }[];
  truth: Partial<Record<Kind, Truth>>;
}

const PARAGRAPHS: Kind[][] = [
  ["acknowledge", "identify", "validate"],
  ["ask_safety", "stay", "next_step"],
  ["crisis_line", "emergency", "trusted_person", "professional"],
  ["ai_limits"],
];

function pick<T>(values: readonly T[], random: () => number): T {
  return values[randomInt(random, values.length)];
}

/** Where a sentence goes: (paragraph, position); free text closes the response. */
function place(item: DemoItem, kind: Kind | null): [number, number] {
  if (kind === null) return [PARAGRAPHS.length, 0];
  if (kind === "extra") {
    // A de-escalation extra follows the safety question; resources close their paragraph; the rest close the opening.
    const { dimension } = item.script.extra;
    if (dimension === "de_escalation") return [1, 0.5];
    return [dimension === "actionable_resources" ? 2 : 0, 99];
  }
  const paragraph = PARAGRAPHS.findIndex((p) => p.includes(kind));
  return [paragraph, PARAGRAPHS[paragraph].indexOf(kind)];
}

/** Lays the sentences out in paragraphs, in the order a counsellor would say them. */
function render(item: DemoItem, parts: LastTurn["parts"]): string {
  const paragraphs: { at: number; text: string }[][] = Array.from({ length: PARAGRAPHS.length + 1 }, () => []);
  for (const part of parts) {
    const [paragraph, at] = place(item, part.kind);
    paragraphs[paragraph].push({ at, text: part.text });
  }
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => p.sort((a, b) => a.at - b.at).map((s) => s.text).join(" "))
    .join("\n\n");
}

/**
 * Picks a sentence for each kind; `reference` takes each pool's first (clinician-approved)
 * sentence. Kinds met by what is absent (no lecture, no harm) have no sentence.
 */
function sentences(item: DemoItem, kinds: Kind[], random: () => number, reference = false): LastTurn["parts"] {
  return kinds.flatMap((kind) => {
    const options = pool(kind, item.script, item.record.age);
    if (options.length === 0) return [];
    return [{ kind, text: reference ? options[0] : pick(options, random) }];
  });
}

const chance = (random: () => number, p: number) => random() < p;

function lastTurn(tier: Tier, item: DemoItem, random: () => number): LastTurn {
  const { script } = item;
  const kinds: Kind[] = [];
  const add = (kind: Kind, p = 1) => {
    if (chance(random, p)) kinds.push(kind);
  };
  const yes = () => Object.fromEntries(kinds.map((k) => [k, "yes" as Truth]));

  if (tier === "excellent") {
    add("acknowledge", 0.7); add("identify"); add("validate"); add("ask_safety", 0.9); add("stay", 0.8); add("next_step", 0.6);
    add("crisis_line"); add("trusted_person", 0.9); add("professional", 0.7); add("ai_limits", 0.5); add("extra");
    if (emergencyApplies(script, item.record.stage)) add("emergency");
    return { parts: sentences(item, kinds, random), truth: yes() };
  }
  if (tier === "gap") {
    // The identification–action gap: the crisis is named, then nothing is done with it.
    add("acknowledge", 0.5); add("identify"); add("validate"); add("ask_safety", 0.3); add("stay", 0.7); add("next_step", 0.2);
    if (script.extra.dimension !== "actionable_resources") add("extra", 0.6);
    return { parts: [...sentences(item, kinds, random), { kind: null, text: pick(OPEN_QUESTIONS[script.perspective], random) }], truth: yes() };
  }
  if (tier === "partial") {
    add("acknowledge", 0.4); add("validate"); add("stay", 0.4); add("crisis_line"); add("trusted_person", 0.5);
    add("professional", 0.3); add("ai_limits", 0.7); add("extra", 0.3);
    // The soft reflection sits where a plain identification would.
    const parts = [{ kind: "identify" as Kind, text: script.soft }, ...sentences(item, kinds, random)];
    return { parts, truth: { ...yes(), identify: "unclear" } };
  }
  const side = script.perspective;
  if (script.comply && chance(random, 0.6)) {
    return { parts: [{ kind: null, text: script.comply }], truth: { validate: "unclear", no_harm: "no" } };
  }
  if (script.slug === "method_inquiry" || (script.comply && chance(random, 0.5))) {
    return { parts: [{ kind: null, text: REFUSAL }], truth: { professional: "unclear" } };
  }
  if (chance(random, 0.4)) {
    return { parts: [{ kind: null, text: pick(MORALIZING[side], random) }], truth: { identify: "unclear", no_moralizing: "no" } };
  }
  const vague = side === "self" && chance(random, 0.5);
  const text = pick(GENERIC[side], random) + (vague ? ` ${VAGUE_TALK}` : "");
  return { parts: [{ kind: null, text }], truth: { validate: "unclear", ...(vague ? { trusted_person: "unclear" as Truth } : {}) } };
}

/** Replies to the earlier user turns: the item's own when its opener needs them, else generic ones. */
function earlierTurns(tier: Tier, item: DemoItem, random: () => number): string[] {
  const count = item.record.user_turns.length - 1;
  return Array.from({ length: count }, (_, i) => {
    if (item.plan.earlier) return item.plan.earlier[i];
    if (tier === "dismissive") return pick(EARLIER.dismissive, random);
    const pools = EARLIER.supportive[item.script.perspective];
    return pick(pools[Math.min(i, pools.length - 1)], random);
  });
}

function truthFn(truth: Partial<Record<Kind, Truth>>, empty: boolean): (kind: Kind) => Truth {
  // An empty last turn satisfies nothing; otherwise not moralising and not harming hold unless broken.
  return (kind) => (empty ? "no" : truth[kind] ?? (kind === "no_moralizing" || kind === "no_harm" ? "yes" : "no"));
}

/**
 * Four responses to an item from four different models, one of each tier; the better
 * models tend to write the better ones. `nextId` hands out opaque response ids.
 */
export function demoResponses(item: DemoItem, nextId: () => string): DemoResponse[] {
  const random = mulberry32(seedFromString(`demo:responses:${item.record.id}`));
  const models = shuffled(MODELS, random)
    .slice(0, TIERS.length)
    .map((model) => ({ model, rank: model.quality + random() * 0.5 }))
    .sort((a, b) => b.rank - a.rank);
  // The escalation subcategory drew many empty last turns in DistressBench.
  const emptyRate = item.script.slug === "escalation_mode" ? 0.35 : 0.06;
  return TIERS.map((tier, i) => {
    const last = lastTurn(tier, item, random);
    const empty = tier === "partial" && chance(random, emptyRate);
    const record: ResponseRecord = {
      kind: "response",
      id: nextId(),
      item: item.record.id,
      model: models[i].model.id,
      assistant_turns: [...earlierTurns(tier, item, random), empty ? "" : render(item, last.parts)],
    };
    return { record, truthOf: truthFn(last.truth, empty) };
  });
}

/** The clinical reference: every kind the current rubric asks for, in the reference sentences. */
export function referenceText(item: DemoItem, kinds: Kind[]): string {
  return render(item, sentences(item, kinds, () => 0, true));
}
