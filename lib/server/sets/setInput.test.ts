import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseBundle } from "@/lib/bundle/parse";
import { calibrationInputFromBundle } from "@/lib/calibration/input";
import { calibrate } from "@/lib/calibration/report";
import { freshDb } from "@/test/db";
import { importWithSet } from "@/test/setWithLabels";
import type { Db } from "@/db/client";
import { loadSetInput } from "./setInput";

describe("loadSetInput", () => {
  let db: Db;
  const text = readFileSync("test/fixtures/sample-small.jsonl", "utf8");
  const bundle = parseBundle(text).bundle;

  beforeAll(() => {
    db = freshDb();
  });

  it("gives the engine the same report for a set over the whole bundle as the bundle itself", async () => {
    const setId = await importWithSet(db, text, {
      name: "all of sample-small",
      seed: 20260714,
      itemIds: bundle.items.map((i) => i.id),
      responseIds: bundle.responses.map((r) => r.id),
      clinicianIds: ["clin-1", "clin-2", "clin-3"],
    });
    const fromDb = calibrate(loadSetInput(db, setId), { resamples: 200 });
    const fromBundle = calibrate(calibrationInputFromBundle(bundle), { resamples: 200 });
    expect(fromDb).toEqual(fromBundle);
  });
});
