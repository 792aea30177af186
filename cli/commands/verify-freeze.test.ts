import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { exportBundle } from "@/lib/server/bundle/exportBundle";
import { getFreezeRecord } from "@/lib/server/freeze/getFreezeRecord";
import { cliCtx } from "@/lib/server/systemCtx";
import { frozenSample } from "@/test/frozenSample";
import { verifyFreezeCommand } from "./verify-freeze";

describe("concord verify-freeze", () => {
  const dir = mkdtempSync(join(tmpdir(), "concord-verify-"));
  const recordPath = join(dir, "record.json");
  const bundlePath = join(dir, "bundle.jsonl");
  let exported: string;
  let scopeResponses: Set<string>;
  let stdout: string[];
  let stderr: string[];

  beforeAll(async () => {
    const { id } = await frozenSample();
    const { record } = await getFreezeRecord({ ctx: cliCtx, input: { id } });
    scopeResponses = new Set(record.scope.responses);
    writeFileSync(recordPath, `${JSON.stringify(record, null, 2)}\n`);
    exported = await exportBundle({ ctx: cliCtx });
  });

  beforeEach(() => {
    stdout = [];
    stderr = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (stdout.push(String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it("accepts the downloaded record against the exported bundle", async () => {
    writeFileSync(bundlePath, exported);
    expect(await verifyFreezeCommand.run([recordPath, bundlePath])).toBe(0);
    const out = stdout.join("");
    expect(out).toMatch(/ok {5} fingerprint: match/);
    expect(out).toMatch(/ok {5} figures: match/);
    expect(out).toMatch(/^MATCH/m);
  });

  it("refuses it once one verdict in the bundle is flipped", async () => {
    const lines = exported.split("\n");
    const at = lines.findIndex((line) => {
      const record = line ? JSON.parse(line) : null;
      return record?.kind === "verdict" && typeof record.verdict === "boolean" && scopeResponses.has(record.response);
    });
    const flipped = JSON.parse(lines[at]);
    lines[at] = JSON.stringify({ ...flipped, verdict: !flipped.verdict });
    writeFileSync(bundlePath, lines.join("\n"));
    expect(await verifyFreezeCommand.run([recordPath, bundlePath])).toBe(1);
    const out = stdout.join("");
    expect(out).toMatch(/DIFFERS fingerprint: recorded [0-9a-f]{64}, recomputed [0-9a-f]{64}/);
    expect(out).toMatch(/^MISMATCH/m);
  });

  it("says which of the panel's judges have no verdicts in a bundle without them", async () => {
    const record = JSON.parse(readFileSync(recordPath, "utf8"));
    const [dropped] = record.judges as string[];
    const lines = exported.split("\n").filter((line) => !(line && JSON.parse(line).kind === "verdict" && JSON.parse(line).judge === dropped));
    writeFileSync(bundlePath, lines.join("\n"));
    expect(await verifyFreezeCommand.run([recordPath, bundlePath])).toBe(1);
    const out = stdout.join("");
    expect(out).toContain(`the bundle has no verdicts of the panel's judge ${dropped} on the frozen set's responses`);
    expect(out).not.toMatch(/fingerprint/);
  });

  it("records the least coverage the panel was ranked with", () => {
    expect(JSON.parse(readFileSync(recordPath, "utf8")).scope.min_coverage).toBe(0.95);
  });

  it("says what is wrong with a file that is not a record", async () => {
    const notRecord = join(dir, "not-a-record.json");
    writeFileSync(notRecord, JSON.stringify({ judges: [] }));
    writeFileSync(bundlePath, exported);
    expect(await verifyFreezeCommand.run([notRecord, bundlePath])).toBe(1);
    expect(stderr.join("")).toMatch(/not a Concord frozen-panel record/);
    expect(await verifyFreezeCommand.run([recordPath])).toBe(2);
  });
});
