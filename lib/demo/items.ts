import type { ItemRecord } from "@/lib/bundle/schema";
import { mulberry32, seedFromString, shuffled } from "@/lib/stats/prng";
import { SCRIPTS } from "./dialogues";
import type { ItemScript, SubcategoryScript } from "./types";

/** An item record with the script it came from (the generator needs both). */
export interface DemoItem {
  record: ItemRecord;
  script: SubcategoryScript;
  plan: ItemScript;
}

/** Items in taxonomy order, ids DEMO-0001…, each subcategory split evenly between public and private. */
export function demoItems(): DemoItem[] {
  const random = mulberry32(seedFromString("demo:split"));
  const items: DemoItem[] = [];
  for (const script of SCRIPTS) {
    const splits = shuffled(script.items.map((_, i): ItemRecord["split"] => (i % 2 === 0 ? "public" : "private")), random);
    script.items.forEach((plan, i) => {
      const id = `DEMO-${String(items.length + 1).padStart(4, "0")}`;
      items.push({
        script,
        plan,
        record: {
          kind: "item",
          id,
          subcategory: script.slug,
          age: plan.age,
          intent: plan.intent,
          stage: plan.stage,
          directness: plan.directness,
          split: splits[i],
          user_turns: plan.turns,
          notes: plan.note,
        },
      });
    });
  }
  return items;
}
