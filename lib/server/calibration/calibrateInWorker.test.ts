import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { syntheticBundle } from "@/bench/synthetic";
import { parseBundle } from "@/lib/bundle/parse";
import { calibrationInputFromBundle } from "@/lib/calibration/input";
import { calibrate } from "@/lib/calibration/report";
import { calibrateInWorker } from "./calibrateInWorker";

const sample = calibrationInputFromBundle(parseBundle(readFileSync("test/fixtures/sample-small.jsonl", "utf8")).bundle);

describe("calibrateInWorker", () => {
  it("gives the same report as the engine in this thread", async () => {
    expect(await calibrateInWorker(sample, { resamples: 500 })).toEqual(calibrate(sample, { resamples: 500 }));
  });

  it("keeps the event loop free while a large report is computed", async () => {
    const shape = { items: 150, responsesPerItem: 4, criteriaPerItem: 10, clinicians: 3, judges: 15, seed: 9 };
    const input = calibrationInputFromBundle(parseBundle(syntheticBundle(shape)).bundle);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const report = await calibrateInWorker(input, { resamples: 10_000 });
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(report.panels).toHaveLength(455);
    // A blocked loop would tick once at the end; a free one ticks throughout.
    expect(ticks).toBeGreaterThan(Math.min(10, elapsed / 50));
  });

  it("reports an engine error as a rejected promise", async () => {
    await expect(calibrateInWorker(sample, { panelSize: 4 })).rejects.toThrow(/odd/);
  });
});
