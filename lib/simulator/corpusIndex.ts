import { demoCorpus, demoUnits } from "@/lib/demo";
import type { DemoUnit } from "@/lib/demo/units";

/**
 * The demo corpus as the simulator looks things up in it: a judge's unit from the
 * text of its prompt, a target model's turn from the user turns it is sent. Built
 * once when the simulator starts.
 */

interface IndexedResponse {
  id: string;
  userTurns: readonly string[];
  /** The unit of each criterion of the item's current rubric: its text, with the latent truth. */
  units: { text: string; unit: DemoUnit }[];
}

interface IndexedItem {
  userTurns: readonly string[];
  /** Model id → the assistant turns the demo gives it on this item. */
  turnsOf: Map<string, readonly string[]>;
}

export interface CorpusIndex {
  /** The unit a judge prompt asks about, or null when the prompt is not one of the demo's. */
  unitOf(prompt: string): { unit: DemoUnit; replyText: string; criterionText: string } | null;
  /** What `model` answers in the demo to `userTurns` (the turns so far), or null when it has no such response. */
  replyOf(model: string, userTurns: readonly string[]): string | null;
}

/** The graded reply as Concord renders every dialogue for a judge (lib/runs/template.ts, renderDialogue). */
const GRADED = /^>>> GRADED REPLY — Assistant \(turn \d+\):\n([\s\S]*?)\n<<< END OF GRADED REPLY$/m;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildCorpusIndex(): CorpusIndex {
  const { bundle } = demoCorpus();
  const truths = new Map(demoUnits().map((u) => [`${u.response}|${u.criterion}`, u]));
  const current = new Map<string, (typeof bundle.rubrics)[number]>();
  for (const rubric of bundle.rubrics) if ((current.get(rubric.item)?.version ?? 0) < rubric.version) current.set(rubric.item, rubric);

  const items = new Map<string, IndexedItem>();
  const byFirstTurn = new Map<string, IndexedItem[]>();
  for (const item of bundle.items) {
    const indexed: IndexedItem = { userTurns: item.user_turns, turnsOf: new Map() };
    items.set(item.id, indexed);
    push(byFirstTurn, item.user_turns[0], indexed);
  }

  const byReply = new Map<string, IndexedResponse[]>();
  for (const response of bundle.responses) {
    const item = items.get(response.item)!;
    item.turnsOf.set(response.model, response.assistant_turns);
    const units = (current.get(response.item)?.criteria ?? []).flatMap((c) => {
      const unit = truths.get(`${response.id}|${c.id}`);
      return unit ? [{ text: c.text, unit }] : [];
    });
    push(byReply, response.assistant_turns[response.assistant_turns.length - 1], { id: response.id, userTurns: item.userTurns, units });
  }

  return {
    unitOf(prompt) {
      const match = GRADED.exec(prompt);
      if (!match) return null;
      const replyText = match[1];
      // Empty and stock replies recur across items: the user turns in the prompt say which item it is.
      const candidates = (byReply.get(replyText) ?? []).filter((r) => r.userTurns.every((turn) => prompt.includes(turn)));
      let best: { unit: DemoUnit; replyText: string; criterionText: string } | null = null;
      for (const response of candidates) {
        for (const { text, unit } of response.units) {
          // The longest criterion the prompt contains, should one criterion's text be part of another's.
          if (prompt.includes(text) && (!best || text.length > best.criterionText.length)) best = { unit, replyText, criterionText: text };
        }
      }
      return best;
    },
    replyOf(model, userTurns) {
      if (userTurns.length === 0) return null;
      const item = (byFirstTurn.get(userTurns[0]) ?? []).find((i) => userTurns.every((turn, k) => i.userTurns[k] === turn));
      return item?.turnsOf.get(model)?.[userTurns.length - 1] ?? null;
    },
  };
}
