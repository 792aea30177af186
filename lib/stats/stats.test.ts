import { describe, expect, it } from "vitest";
import { percentAgreement } from "./agreement";
import { kappaLabels } from "@/test/kappaLabels";
import { cohenKappa, cohenKappaCounts, cohenKappaTable } from "./cohen";
import { confusionOf } from "./confusion";
import { macroF1 } from "./f1";
import { MISSING, ONE, ZERO, majorityTable, strictMajority } from "./majority";
import { fleissKappa } from "./fleiss";
import { gwetAc1, gwetAc1Multi, gwetAc1Table } from "./gwet";
import { ratingTerms, ratingTermsFlat } from "./multirater";

/** The three multi-rater figures of a count table. */
function multiRaterAgreement(counts: number[][], categories?: number) {
  const terms = ratingTerms(counts, categories);
  return { units: terms.units, percentAgreement: terms.observed, fleissKappa: fleissKappa(terms), gwetAc1: gwetAc1Multi(terms) };
}
import { percentileSorted } from "./percentile";
import { mulberry32, shuffled } from "./prng";
import { averageRanks, spearman } from "./spearman";

const repeat = <T>(value: T, times: number): T[] => new Array<T>(times).fill(value);

/** Rater-by-unit ratings (null = missing) → per-unit category counts. */
function countTable(rows: (number | null)[][], categories: number[]): number[][] {
  return rows.map((row) => categories.map((c) => row.filter((x) => x === c).length));
}

describe("Cohen's κ", () => {
  // scikit-learn's test_cohen_kappa
  const y1 = [...repeat(0, 40), ...repeat(1, 60)];
  const y2 = [...repeat(0, 20), ...repeat(1, 20), ...repeat(0, 10), ...repeat(1, 50)];

  it("matches scikit-learn's binary vector (0.348) and is symmetric", () => {
    expect(cohenKappa(confusionOf(y1, y2))).toBeCloseTo(0.348, 3);
    expect(cohenKappa(confusionOf(y2, y1))).toBe(cohenKappa(confusionOf(y1, y2)));
    expect(cohenKappa(confusionOf(y1, y2))).toBeCloseTo(0.3478260869565216, 12);
  });

  it("is 1 for identical raters and null when both are constant and equal", () => {
    expect(cohenKappa(confusionOf(y1, y1))).toBeCloseTo(1, 12);
    expect(cohenKappa({ n11: 5, n10: 0, n01: 0, n00: 0 })).toBeNull();
    expect(cohenKappa({ n11: 0, n10: 0, n01: 0, n00: 0 })).toBeNull();
  });

  it("takes the four counts as well (the bootstrap's allocation-free form), with the same result", () => {
    const c = confusionOf(y1, y2);
    expect(cohenKappaCounts(c.n11, c.n10, c.n01, c.n00)).toBe(cohenKappa(c));
    expect(cohenKappaCounts(0, 0, 0, 0)).toBeNull();
  });

  it("counts only the units both raters labeled when told which code is missing", () => {
    expect(confusionOf([1, 1, 0, 2, 0], [1, 0, 2, 1, 0], 2)).toEqual({ n11: 1, n10: 1, n01: 0, n00: 1 });
  });

  it("is 0 when one rater is constant but the other is not", () => {
    expect(cohenKappa({ n11: 3, n10: 2, n01: 0, n00: 0 })).toBe(0);
  });
});

describe("Fleiss' κ and Gwet's AC1 for many raters", () => {
  it("reproduces Fleiss (1971): 30 patients, 6 psychiatrists, 5 diagnoses → 0.4302445", () => {
    // Table 1 of Fleiss (1971), as in statsmodels' and R irr's tests.
    const table = [
      [0, 0, 0, 6, 0], [0, 3, 0, 0, 3], [0, 1, 4, 0, 1], [0, 0, 0, 0, 6], [0, 3, 0, 3, 0],
      [2, 0, 4, 0, 0], [0, 0, 4, 0, 2], [2, 0, 3, 1, 0], [2, 0, 0, 4, 0], [0, 0, 0, 0, 6],
      [1, 0, 0, 5, 0], [1, 1, 0, 4, 0], [0, 3, 3, 0, 0], [1, 0, 0, 5, 0], [0, 2, 0, 3, 1],
      [0, 0, 5, 0, 1], [3, 0, 0, 1, 2], [5, 1, 0, 0, 0], [0, 2, 0, 4, 0], [1, 0, 2, 0, 3],
      [0, 0, 0, 0, 6], [0, 1, 0, 5, 0], [0, 2, 0, 1, 3], [2, 0, 0, 4, 0], [1, 0, 0, 4, 1],
      [0, 5, 0, 1, 0], [4, 0, 0, 0, 2], [0, 2, 0, 4, 0], [1, 0, 5, 0, 0], [0, 0, 0, 0, 6],
    ];
    expect(table).toHaveLength(30);
    expect([0, 1, 2, 3, 4].map((k) => table.reduce((s, row) => s + row[k], 0))).toEqual([26, 26, 30, 55, 43]);
    const result = multiRaterAgreement(table);
    expect(result.fleissKappa).toBeCloseTo(0.4302445, 7);
    expect(result.percentAgreement).toBeCloseTo(500 / 900, 12);
  });

  it("reproduces the Wikipedia example: 10 subjects, 14 raters → 0.210", () => {
    const table = [
      [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
    ];
    expect(multiRaterAgreement(table).fleissKappa).toBeCloseTo(0.21, 3);
  });

  it("reproduces Gwet's raw_4raters (12 units, 5 categories, missing ratings): AC1 0.775, Fleiss 0.761", () => {
    const raw = [
      [1, 1, null, 1], [2, 2, 3, 2], [3, 3, 3, 3], [3, 3, 3, 3], [2, 2, 2, 2], [1, 2, 3, 4],
      [4, 4, 4, 4], [1, 1, 2, 1], [2, 2, 2, 2], [null, 5, 5, 5], [null, null, 1, 1], [null, null, 3, null],
    ];
    const result = multiRaterAgreement(countTable(raw, [1, 2, 3, 4, 5]));
    expect(result.percentAgreement).toBeCloseTo(0.81818, 5);
    expect(result.gwetAc1).toBeCloseTo(0.77544, 5);
    expect(result.fleissKappa).toBeCloseTo(0.76117, 5);
    expect(result.units).toBe(11);
  });

  it("binary: AC1's chance agreement is 2π(1−π), and a single-class table leaves Fleiss' κ undefined", () => {
    const table = [[0, 3], [1, 2], [0, 3], [3, 0]]; // [zeros, ones] per unit
    const result = multiRaterAgreement(table, 2);
    const pa = (1 + 1 / 3 + 1 + 1) / 4;
    const pi = 8 / 12;
    expect(result.gwetAc1).toBeCloseTo((pa - 2 * pi * (1 - pi)) / (1 - 2 * pi * (1 - pi)), 12);
    expect(result.fleissKappa).toBeCloseTo((pa - (pi * pi + (1 - pi) ** 2)) / (1 - (pi * pi + (1 - pi) ** 2)), 12);
    const single = multiRaterAgreement([[0, 3], [0, 3]], 2);
    expect(single.fleissKappa).toBeNull();
    expect(single.percentAgreement).toBe(1);
    expect(single.gwetAc1).toBe(1);
  });

  it("has no figures without a unit rated twice", () => {
    expect(multiRaterAgreement([[0, 1], [1, 0]], 2)).toEqual({ units: 0, percentAgreement: null, fleissKappa: null, gwetAc1: null });
    expect(multiRaterAgreement([], 2).fleissKappa).toBeNull();
  });
});

describe("two-rater figures", () => {
  const c = { n11: 40, n10: 10, n01: 5, n00: 45 };

  it("accuracy, AC1 and macro-F1 follow their definitions", () => {
    expect(percentAgreement(c)).toBeCloseTo(0.85, 12);
    const pi = (0.5 + 0.45) / 2;
    expect(gwetAc1(c)).toBeCloseTo((0.85 - 2 * pi * (1 - pi)) / (1 - 2 * pi * (1 - pi)), 12);
    expect(macroF1(c)).toBeCloseTo((80 / 95 + 90 / 105) / 2, 12);
  });

  it("macro-F1 leaves out a class with no true and no predicted members", () => {
    expect(macroF1({ n11: 4, n10: 0, n01: 0, n00: 0 })).toBe(1);
    expect(macroF1({ n11: 0, n10: 0, n01: 0, n00: 7 })).toBe(1);
    expect(macroF1({ n11: 0, n10: 2, n01: 0, n00: 0 })).toBe(0); // class 0: 0/2 → 0; class 1: 0/2 → 0
    expect(macroF1({ n11: 0, n10: 0, n01: 0, n00: 0 })).toBeNull();
  });

  it("empty tables are null, never NaN", () => {
    const empty = { n11: 0, n10: 0, n01: 0, n00: 0 };
    expect(percentAgreement(empty)).toBeNull();
    expect(gwetAc1(empty)).toBeNull();
  });
});

describe("strict majority with missing verdicts", () => {
  it("ignores missing verdicts and leaves ties and all-missing without a verdict", () => {
    expect(strictMajority(2, 1)).toBe(ONE);
    expect(strictMajority(0, 1)).toBe(ZERO);
    expect(strictMajority(1, 1)).toBe(MISSING);
    expect(strictMajority(0, 0)).toBe(MISSING);
  });

  it("the lookup table agrees with counting for every 3-judge combination", () => {
    const table = majorityTable(3);
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 3; c++) {
      const codes = [a, b, c];
      const ones = codes.filter((x) => x === ONE).length;
      const zeros = codes.filter((x) => x === ZERO).length;
      expect(table[a + 3 * b + 9 * c]).toBe(strictMajority(ones, zeros));
    }
    expect(majorityTable(7)).toHaveLength(2187);
  });
});

describe("percentile", () => {
  it("interpolates linearly at p·(m−1)", () => {
    const v = [1, 2, 3, 4, 10];
    expect(percentileSorted(v, 0)).toBe(1);
    expect(percentileSorted(v, 1)).toBe(10);
    expect(percentileSorted(v, 0.5)).toBe(3);
    expect(percentileSorted(v, 0.975)).toBeCloseTo(4 + 0.9 * 6, 12);
    expect(percentileSorted(v, 0.025)).toBeCloseTo(1.1, 12);
    expect(percentileSorted([7], 0.3)).toBe(7);
    expect(percentileSorted([], 0.5)).toBeNull();
  });
});

describe("seeded PRNG", () => {
  it("repeats for a seed, differs across seeds, stays in [0, 1)", () => {
    const a = mulberry32(20260714);
    const b = mulberry32(20260714);
    const c = mulberry32(1);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.slice(0, 5)).not.toEqual(Array.from({ length: 5 }, () => c()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(shuffled([1, 2, 3, 4, 5], mulberry32(3)).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("q-category two-rater tables", () => {
  const table = (a: number[], b: number[], q: number) => {
    const t = new Array<number>(q * q).fill(0);
    a.forEach((x, i) => t[x * q + b[i]]++);
    return t;
  };
  it("Cohen's κ from a table matches scikit-learn's multiclass vector (Artstein & Poesio, 0.8013) and a naive recount", () => {
    const a = [...repeat(0, 46), ...repeat(1, 44), ...repeat(2, 10)];
    const b = [...repeat(0, 52), ...repeat(1, 32), ...repeat(2, 16)];
    expect(cohenKappaTable(table(a, b, 3), 3)).toBeCloseTo(0.8013, 4);
    expect(cohenKappaTable(table(a, b, 4), 4)).toBeCloseTo(kappaLabels(a, b) ?? NaN, 12);
    expect(cohenKappaTable(new Array(16).fill(0), 4)).toBeNull();
    expect(cohenKappaTable([3, 0, 0, 0], 2)).toBeNull();
  });
  it("AC1 from a table: the binary formula for q = 2, the many-rater AC1 when both rate every unit", () => {
    const c = { n11: 40, n10: 10, n01: 5, n00: 45 };
    expect(gwetAc1Table([c.n00, c.n01, c.n10, c.n11], 2)).toBeCloseTo(gwetAc1(c) ?? NaN, 12);
    const random = mulberry32(11);
    const a = Array.from({ length: 200 }, () => Math.floor(random() * 4));
    const b = a.map((x) => (random() < 0.6 ? x : Math.floor(random() * 4)));
    const counts = a.map((x, i) => [0, 1, 2, 3].map((k) => Number(x === k) + Number(b[i] === k)));
    expect(gwetAc1Table(table(a, b, 4), 4)).toBeCloseTo(gwetAc1Multi(ratingTerms(counts, 4)) ?? NaN, 12);
    expect(gwetAc1Table(new Array(16).fill(0), 4)).toBeNull();
  });
  it("flat rating terms over chosen rows equal the nested version on those rows", () => {
    const rows = [[0, 3, 0], [1, 1, 1], [2, 0, 0], [0, 0, 1]];
    const flat = Float64Array.from(rows.flat());
    expect(ratingTermsFlat(flat, 3, [0, 2, 3])).toEqual(ratingTerms([rows[0], rows[2], rows[3]], 3));
    expect(ratingTermsFlat(flat, 3).rated).toBe(4);
    expect(ratingTermsFlat(flat, 3).units).toBe(3);
  });
});

describe("Spearman's ρ", () => {
  it("ranks ties by their average rank", () => {
    expect(averageRanks([0.5, 0.2, 0.5, 0.9])).toEqual([2.5, 1, 2.5, 4]);
  });

  it("is Pearson's correlation of the ranks; null below 3 pairs or for a constant list", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // ranks [1,2,3] vs [1.5,1.5,3]: r = 1.5 / sqrt(2 · 1.5)
    expect(spearman([1, 2, 3], [0.7, 0.7, 0.9])).toBeCloseTo(1.5 / Math.sqrt(3), 12);
    expect(spearman([1, 2], [1, 2])).toBeNull();
    expect(spearman([1, 2, 3], [5, 5, 5])).toBeNull();
  });
});
