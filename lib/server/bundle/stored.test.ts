import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import type { Ctx } from "@/lib/server/context";
import { Invalid } from "@/lib/server/errors";
import { freshDb } from "@/test/db";
import { importBundle } from "./importBundle";
import { readStoredBundle, responsesNamed } from "./stored";

const sample = readFileSync(join(process.cwd(), "test/fixtures/sample-small.jsonl"), "utf8");
const lead: Ctx = { user: { id: "lead-1", email: "lead@example.org", name: "Lead", roles: ["lead"] } };
const jsonl = (records: object[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";

describe("an import compares a bundle with the stored records of the responses it names", () => {
  let db: Db;
  beforeEach(async () => {
    db = freshDb();
    await importBundle({ ctx: lead, input: { text: sample } });
  });

  it("reads only those responses and the labels and verdicts on them, and every item, rubric and reference", () => {
    const all = readStoredBundle(db);
    const [label] = all.labels;
    const [verdict] = all.verdicts.filter((v) => v.response !== label.response);
    const scope = responsesNamed({ ...all, items: [], rubrics: [], references: [], responses: [], labels: [label], verdicts: [verdict] });
    expect([...scope].sort()).toEqual([label.response, verdict.response].sort());

    const scoped = readStoredBundle(db, scope);
    const named = (r: { response: string }) => scope.has(r.response);
    expect(scoped.responses).toEqual(all.responses.filter((r) => scope.has(r.id)));
    expect(scoped.labels).toEqual(all.labels.filter(named));
    expect(scoped.verdicts).toEqual(all.verdicts.filter(named));
    expect(scoped.labels.length).toBeLessThan(all.labels.length);
    expect(scoped.verdicts.length).toBeLessThan(all.verdicts.length);
    expect({ items: scoped.items, rubrics: scoped.rubrics, references: scoped.references }).toEqual({ items: all.items, rubrics: all.rubrics, references: all.references });
    expect(readStoredBundle(db, new Set()).labels).toEqual([]);
  });

  it("still finds a clash with, and skips a restatement of, a stored record of a named response", async () => {
    const { labels, verdicts, responses } = readStoredBundle(db);
    const [label] = labels;
    const verdict = verdicts.find((v) => v.response !== label.response)!;

    const restated = await importBundle({ ctx: lead, input: { text: jsonl([label, verdict]) } });
    expect(restated.counts.labels).toEqual({ added: 0, unchanged: 1 });
    expect(restated.counts.verdicts).toEqual({ added: 0, unchanged: 1 });

    const response = responses.find((r) => r.id === verdict.response)!;
    const changed = [
      { ...label, verdict: !label.verdict },
      { ...verdict, verdict: verdict.verdict === true ? false : true },
      { ...response, assistant_turns: ["A different answer."] },
    ];
    const refusal = await importBundle({ ctx: lead, input: { text: jsonl(changed) } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Invalid);
    expect((refusal as Invalid).issues).toEqual([
      expect.stringMatching(/^line 1: verdict: a label by .* is already stored with different content$/),
      expect.stringMatching(/^line 2: .*already stored with different content$/),
      expect.stringMatching(/^line 3: .*already stored with different content$/),
    ]);
  });
});
