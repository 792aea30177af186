import { describe, expect, it } from "vitest";
import { demoCorpus } from "@/lib/demo";
import { pickResponses } from "./responses";
import { composition, countByStratum, sampleItemOf, STRATA, type SampleItem } from "./strata";
import { drawStratified } from "./stratified";

const corpus = demoCorpus().bundle;
const population: SampleItem[] = corpus.items.map(sampleItemOf);

describe("drawStratified", () => {
  it("gives the same sample for the same seed, whatever the input order", () => {
    const first = drawStratified(population, 40, 20260714);
    expect(first).toHaveLength(40);
    expect(new Set(first).size).toBe(40);
    expect(drawStratified([...population].reverse(), 40, 20260714)).toEqual(first);
    expect(drawStratified(population, 40, 20260715)).not.toEqual(first);
  });

  it("keeps every stratum value within about one item of its proportional share", () => {
    for (const [size, seed] of [[75, 20260714], [30, 1], [12, 99]] as const) {
      const ids = new Set(drawStratified(population, size, seed));
      const rows = composition(population, population.filter((item) => ids.has(item.id)));
      for (const s of STRATA) {
        for (const row of rows[s]) {
          const target = (size * row.population) / population.length;
          expect(Math.abs(row.drawn - target), `${s}=${row.value} size ${size}`).toBeLessThan(1.5);
        }
      }
    }
  });

  it("takes the whole population when asked for more, and nothing for zero", () => {
    expect(drawStratified(population, 500, 3)).toEqual(population.map((i) => i.id).sort());
    expect(drawStratified(population, 0, 3)).toEqual([]);
    expect(drawStratified([], 5, 3)).toEqual([]);
  });

  it("covers a rare stratum value that a plain random draw of a small sample would often miss", () => {
    const skewed: SampleItem[] = Array.from({ length: 40 }, (_, i) => ({
      id: `I-${String(i).padStart(2, "0")}`, subcategory: i < 4 ? "rare" : "common", age: "O18", turns: "single", intent: "borderline", stage: "ideation",
    }));
    for (let seed = 0; seed < 20; seed++) {
      const drawn = drawStratified(skewed, 10, seed);
      expect(drawn.filter((id) => Number(id.slice(2)) < 4)).toHaveLength(1);
    }
  });
});

describe("composition", () => {
  it("counts population and set per stratum value", () => {
    const rows = composition(population, population.slice(0, 2));
    expect(rows.age.reduce((n, r) => n + r.population, 0)).toBe(population.length);
    expect(rows.turns.map((r) => r.value)).toEqual(["multi", "single"]);
    expect(STRATA.every((s) => rows[s].reduce((n, r) => n + r.drawn, 0) === 2)).toBe(true);
    expect(countByStratum([]).stage.size).toBe(0);
  });
});

describe("pickResponses", () => {
  const candidates = [
    { id: "r-1", model: "m-a" }, { id: "r-2", model: "m-a" }, { id: "r-3", model: "m-b" },
    { id: "r-4", model: "m-c" }, { id: "r-5", model: "m-d" }, { id: "r-6", model: "m-d" },
  ];
  const modelOf = new Map(candidates.map((c) => [c.id, c.model]));

  it("picks responses from distinct models, reproducibly from the seed and item", () => {
    const picked = pickResponses(candidates, 3, 20260714, "I-1");
    expect(picked).toHaveLength(3);
    expect(new Set(picked.map((id) => modelOf.get(id))).size).toBe(3);
    expect(pickResponses([...candidates].reverse(), 3, 20260714, "I-1")).toEqual(picked);
    const others = new Set(Array.from({ length: 12 }, (_, s) => pickResponses(candidates, 3, s, "I-1").join()));
    expect(others.size).toBeGreaterThan(1);
  });

  it("gives one per model when fewer models than asked", () => {
    const picked = pickResponses(candidates, 9, 5, "I-2");
    expect(picked.map((id) => modelOf.get(id)).sort()).toEqual(["m-a", "m-b", "m-c", "m-d"]);
    expect(pickResponses([], 4, 5, "I-2")).toEqual([]);
  });
});
