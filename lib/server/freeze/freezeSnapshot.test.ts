import { describe, expect, it } from "vitest";
import { parseBundle } from "@/lib/bundle/parse";
import { verifyFrozenRecord } from "@/lib/freeze/verify";
import type { Role } from "@/lib/roles";
import type { Ctx } from "@/lib/server/context";
import { Forbidden } from "@/lib/server/errors";
import { exportSetBundle } from "@/lib/server/sets/exportSetBundle";
import { cliCtx } from "@/lib/server/systemCtx";
import { importSetVerdicts } from "@/lib/server/verdicts/importSetVerdicts";
import { frozenSample } from "@/test/frozenSample";
import { getFreezeInputs } from "./getFreezeInputs";
import { getFreezeRecord } from "./getFreezeRecord";
import { getFreezeSnapshot } from "./getFreezeSnapshot";

const as = (id: string, ...roles: Role[]): Ctx => ({ user: { id, email: `${id}@demo.test`, name: id, roles } });

async function frozenSet() {
  const frozen = await frozenSample();
  return { ...frozen, atFreeze: await exportSetBundle({ ctx: cliCtx, input: { setId: frozen.setId } }) };
}

describe("a freeze keeps its exact inputs", () => {
  it("verifies against the set's export at freeze time and against its snapshot after a later change, and says what changed", async () => {
    const { setId, id, atFreeze } = await frozenSet();
    const { record } = await getFreezeRecord({ ctx: cliCtx, input: { id } });
    expect(verifyFrozenRecord(record, parseBundle(atFreeze).bundle).ok).toBe(true);
    expect(await getFreezeInputs({ ctx: cliCtx, input: { id } })).toMatchObject({ matches: true, snapshot: { labels: { added: 0, changed: 0, removed: 0 } } });

    // A new judge's verdicts arrive after the freeze: today's inputs no longer match.
    const { bundle } = parseBundle(atFreeze);
    const late = bundle.verdicts.filter((v) => v.judge === record.judges[0]).slice(0, 7).map((v) => JSON.stringify({ ...v, judge: "judge-late" }));
    await importSetVerdicts({ ctx: cliCtx, input: { setId, text: `${late.join("\n")}\n` } });
    const inputs = await getFreezeInputs({ ctx: cliCtx, input: { id } });
    expect(inputs).toMatchObject({ matches: false, snapshot: { labels: { added: 0, changed: 0, removed: 0 }, verdicts: { added: 7, changed: 0, removed: 0 } } });

    const today = parseBundle(await exportSetBundle({ ctx: cliCtx, input: { setId } })).bundle;
    expect(verifyFrozenRecord(record, today).ok).toBe(false);
    const { bundle: kept } = await getFreezeSnapshot({ ctx: cliCtx, input: { id } });
    expect(kept).toBe(atFreeze);
    expect(verifyFrozenRecord(record, parseBundle(kept).bundle).ok).toBe(true);
  });

  it("the database refuses to change, delete or replace a snapshot", async () => {
    const { db, id } = await frozenSet();
    const before = db.$client.prepare("SELECT * FROM freeze_snapshots WHERE freeze_id = ?").get(id);
    expect(() => db.$client.prepare("UPDATE freeze_snapshots SET bundle = '' WHERE freeze_id = ?").run(id)).toThrow(/immutable/);
    expect(() => db.$client.prepare("DELETE FROM freeze_snapshots WHERE freeze_id = ?").run(id)).toThrow(/immutable/);
    expect(() => db.$client.prepare("INSERT OR REPLACE INTO freeze_snapshots (freeze_id, bundle, sha256) VALUES (?, '', '')").run(id)).toThrow(/immutable/);
    expect(db.$client.prepare("SELECT * FROM freeze_snapshots WHERE freeze_id = ?").get(id)).toEqual(before);
  });

  it("only a lead reads a freeze's inputs or snapshot", async () => {
    const { id } = await frozenSet();
    for (const ctx of [as("clin-1", "clinician"), as("author-1", "author")]) {
      await expect(getFreezeInputs({ ctx, input: { id } })).rejects.toBeInstanceOf(Forbidden);
      await expect(getFreezeSnapshot({ ctx, input: { id } })).rejects.toBeInstanceOf(Forbidden);
    }
  });
});
