import { describe, expect, it } from "vitest";
import { parseBundle } from "@/lib/bundle/parse";
import { calibrationInputFromBundle } from "@/lib/calibration/input";
import { calibrate } from "@/lib/calibration/report";
import { verifyFrozenRecord } from "@/lib/freeze/verify";
import { importBundle } from "@/lib/server/bundle/importBundle";
import { loadSetInput } from "./setInput";
import { Invalid } from "@/lib/server/errors";
import { getFreezeRecord } from "@/lib/server/freeze/getFreezeRecord";
import { cliCtx } from "@/lib/server/systemCtx";
import { freshDb } from "@/test/db";
import { frozenSample } from "@/test/frozenSample";
import { exportSetBundle } from "./exportSetBundle";

const OPTIONS = { resamples: 200 };
const jsonl = (records: object[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";

/**
 * The frozen sample set, with a rubric history: after the freeze its first item gets a
 * reworded newer version, which a judge then judges on one of the set's responses. The
 * set stays pinned to the version it had, so that verdict is not the set's.
 */
async function setWithHistory() {
  const frozen = await frozenSample();
  const first = parseBundle(await exportSetBundle({ ctx: cliCtx, input: { setId: frozen.setId } })).bundle;
  const rubric = first.rubrics[0];
  const response = first.responses.find((r) => r.item === rubric.item)!;
  await importBundle({ ctx: cliCtx, input: { text: jsonl([
    { ...rubric, version: rubric.version + 10, criteria: rubric.criteria.map((c, i) => (i === 0 ? { ...c, text: `${c.text} (reworded)` } : c)) },
    { kind: "verdict", judge: "judge-new", response: response.id, criterion: rubric.criteria[0].id, verdict: true },
  ]) } });
  return { ...frozen, item: rubric.item, pinned: rubric.version };
}

describe("a calibration set as a bundle", () => {
  it("exports the set with its pinned versions, its own labels and the verdicts on them; calibrate on the file equals the database, and the freeze verifies", async () => {
    const { db, setId, id, item, pinned } = await setWithHistory();
    const text = await exportSetBundle({ ctx: cliCtx, input: { setId } });
    const parsed = parseBundle(text);
    expect(parsed.issues).toEqual([]);
    expect(parsed.bundle.sets).toEqual([expect.objectContaining({ kind: "set", id: `set-${setId}`, name: "sample", seed: 1, status: "open", clinicians: ["clin-1", "clin-2", "clin-3"] })]);
    expect(parsed.bundle.sets[0].items.find((p) => p.item === item)).toEqual({ item, rubric_version: pinned });
    expect(parsed.bundle.labels.every((l) => l.set === `set-${setId}`)).toBe(true);
    const pinOf = new Map(parsed.bundle.sets[0].items.map((p) => [p.item, p.rubric_version]));
    const itemOf = new Map(parsed.bundle.responses.map((r) => [r.id, r.item]));
    expect(parsed.bundle.verdicts.every((v) => v.rubric_version === pinOf.get(itemOf.get(v.response)!))).toBe(true);
    expect(parsed.bundle.verdicts.some((v) => v.judge === "judge-new")).toBe(false);

    const inDb = calibrate(loadSetInput(db, setId), OPTIONS);
    expect(calibrate(calibrationInputFromBundle(parsed.bundle), OPTIONS)).toEqual(inDb);
    const { record } = await getFreezeRecord({ ctx: cliCtx, input: { id } });
    expect(verifyFrozenRecord(record, parsed.bundle)).toMatchObject({ ok: true });
  });

  it("round-trips: importing a set's export into another database recreates the set, with the same report and the same export; again, nothing changes", async () => {
    const { db, setId } = await setWithHistory();
    const text = await exportSetBundle({ ctx: cliCtx, input: { setId } });
    const inDb = calibrate(loadSetInput(db, setId), OPTIONS);

    const other = freshDb();
    const first = await importBundle({ ctx: cliCtx, input: { text } });
    expect(first).toMatchObject({ setsAdded: 1, counts: { labels: { unchanged: 0 } } });
    const [{ id: copy, status }] = other.$client.prepare("SELECT id, status FROM calibration_sets").all() as { id: number; status: string }[];
    expect(status).toBe("open");
    expect(calibrate(loadSetInput(other, copy), OPTIONS)).toEqual(inDb);
    expect((await exportSetBundle({ ctx: cliCtx, input: { setId: copy } })).replaceAll(`set-${copy}`, `set-${setId}`)).toBe(text);

    const again = await importBundle({ ctx: cliCtx, input: { text } });
    expect(again.setsAdded).toBe(0);
    expect(again.counts.labels).toEqual({ added: 0, unchanged: parsed(text).labels.length });
    expect(again.counts.verdicts).toEqual({ added: 0, unchanged: parsed(text).verdicts.length });
    expect(other.$client.prepare("SELECT count(*) AS n FROM calibration_sets").get()).toEqual({ n: 1 });
  });

  it("refuses a set bundle with problems as a whole, naming line and field", async () => {
    const { setId } = await setWithHistory();
    const text = await exportSetBundle({ ctx: cliCtx, input: { setId } });
    const lines = text.trimEnd().split("\n");
    const at = (kind: string) => lines.findIndex((l) => l.startsWith(`{"kind":"${kind}"`));
    const setLine = JSON.parse(lines[at("set")]);
    const label = JSON.parse(lines[at("label")]);
    const verdict = JSON.parse(lines[at("verdict")]);
    lines[at("set")] = JSON.stringify({ ...setLine, items: [...setLine.items.slice(1), { ...setLine.items[0], rubric_version: 7 }] });
    lines.push(JSON.stringify({ ...label, set: "set-99" }), JSON.stringify({ ...label, rater: "clin-9" }), JSON.stringify({ ...verdict, rubric_version: 5 }));
    const other = freshDb();
    const error = await importBundle({ ctx: cliCtx, input: { text: `${lines.join("\n")}\n` } }).catch((e: unknown) => e as Invalid);
    expect(error).toBeInstanceOf(Invalid);
    const n = lines.length;
    expect((error as Invalid).issues).toEqual(expect.arrayContaining([
      `line ${at("set") + 1}: items.${setLine.items.length - 1}.rubric_version: item "${setLine.items[0].item}" has no rubric version 7`,
      `line ${n - 2}: set: unknown calibration set "set-99" (no set line has that id)`,
      `line ${n - 1}: rater: "clin-9" is not a clinician of calibration set "set-${setId}"`,
      `line ${n}: rubric_version: item "${parsed(text).responses.find((r) => r.id === verdict.response)!.item}" has no rubric version 5`,
    ]));
    for (const table of ["calibration_sets", "items", "labels", "judge_verdicts", "users"]) {
      expect(other.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
    }
  });
});

const parsed = (text: string) => parseBundle(text).bundle;
