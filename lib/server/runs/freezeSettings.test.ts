import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBundle } from "@/lib/bundle/parse";
import { freezePanel } from "@/lib/server/freeze/freezePanel";
import { getFreezeRecord } from "@/lib/server/freeze/getFreezeRecord";
import { getReport } from "@/lib/server/reports/getReport";
import { exportSetBundle } from "@/lib/server/sets/exportSetBundle";
import { cliCtx } from "@/lib/server/systemCtx";
import { templateHash, DEFAULT_TEMPLATE } from "@/lib/runs/template";
import { freshDb } from "@/test/db";
import { addEndpoint, addJudges } from "@/test/runs";
import { importWithSet } from "@/test/setWithLabels";

describe("a frozen panel of judges Concord runs", () => {
  it("names each judge's endpoint, model, family, decoding and prompt template hash, and the set's export carries their judge lines", async () => {
    const db = freshDb();
    const text = readFileSync("test/fixtures/sample-small.jsonl", "utf8");
    const { bundle } = parseBundle(text);
    const setId = await importWithSet(db, text, { name: "sample", seed: 1, itemIds: bundle.items.map((i) => i.id), responseIds: bundle.responses.map((r) => r.id), clinicianIds: ["clin-1", "clin-2", "clin-3"] });
    const report = await getReport({ ctx: cliCtx, input: { setId } });
    const judges = report.ranked.panels[0].judges;
    // Concord runs the first two; the third's verdicts were only imported.
    addJudges(db, addEndpoint(db, "http://127.0.0.1:9/v1", { name: "lab-vllm" }), judges[0], judges[1]);
    const { id } = await freezePanel({ ctx: cliCtx, input: { setId, judges, selection: "all", fingerprint: report.fingerprint, rationale: "Top κ on the whole set.", confirmOpen: true } });

    const { record } = await getFreezeRecord({ ctx: cliCtx, input: { id } });
    const settings = { endpoint: "lab-vllm", simulated: false, family: "stub", temperature: 0, max_tokens: 8192, seed: 7, prompt_template: { name: "concord-default", version: 1, sha256: templateHash(DEFAULT_TEMPLATE) } };
    expect(record.judge_settings).toEqual({
      [judges[0]]: { ...settings, model: `model-of-${judges[0]}` },
      [judges[1]]: { ...settings, model: `model-of-${judges[1]}` },
      [judges[2]]: null,
    });

    const exported = (await exportSetBundle({ ctx: cliCtx, input: { setId } })).split("\n").filter(Boolean).map((l) => JSON.parse(l) as { kind: string; id?: string; settings?: unknown });
    const judgeLines = exported.filter((l) => l.kind === "judge");
    expect(judgeLines.map((l) => l.id)).toEqual([judges[0], judges[1]].sort());
    expect(judgeLines[0].settings).toMatchObject({ endpoint: "lab-vllm", prompt_template: { sha256: templateHash(DEFAULT_TEMPLATE) } });
  });
});
