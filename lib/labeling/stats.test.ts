import { describe, expect, it } from "vitest";
import { labelerStats, type SavedVerdict } from "./stats";

const MIN = 60_000;
const save = (response: string, criterion: string, minute: number, verdict = true, old: boolean | null = null): SavedVerdict => ({ response, criterion, givenAt: minute * MIN, old, verdict });

describe("labelerStats", () => {
  it("measures time per response, active time without breaks, throughput and turned-around verdicts", () => {
    const stats = labelerStats([
      save("r1", "a", 0), save("r1", "b", 2), save("r1", "c", 4),
      // a 30-minute break, then r2 in 6 minutes, changing its first verdict twice
      save("r2", "a", 34), save("r2", "a", 35, false, true), save("r2", "a", 36, false, false), save("r2", "b", 40),
      // a single-criterion response has no span
      save("r3", "a", 41),
    ]);
    expect(stats).toEqual({ medianMinutesPerResponse: 5, activeMinutes: 11, responsesPerHour: 3 / (11 / 60), units: 6, changes: 1 });
  });

  it("leaves the pace undefined without enough to measure", () => {
    expect(labelerStats([])).toEqual({ medianMinutesPerResponse: null, activeMinutes: 0, responsesPerHour: null, units: 0, changes: 0 });
    expect(labelerStats([save("r1", "a", 0)]).responsesPerHour).toBeNull();
  });
});
