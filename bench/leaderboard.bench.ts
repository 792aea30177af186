import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getDb, openDb, setDb } from "@/db/client";
import { getLeaderboard, leaderboardWork } from "@/lib/server/scoring/getLeaderboard";
import { loadGradingInput } from "@/lib/server/scoring/loadGradingInput";
import { cliCtx } from "@/lib/server/systemCtx";
import { scoringBundleLines, type ScoringShape } from "./synthetic";

/**
 * `npm run bench:leaderboard`: a grading at a tenth of the paper's scale and at full
 * scale (718 items × 25 models × 3 runs, ~10 criteria, a 3-judge panel: ~1.6 M verdicts)
 * written straight into a fresh database with a finished grade run, then the
 * leaderboard service timed: loading the grading from SQLite; getLeaderboard cold (load,
 * fingerprint, the engine in its worker with 10,000 resamples); again with nothing
 * written since (the cached report at once); after an unrelated write (another judge's
 * verdicts: the change counters show the grading untouched, so the cached report at once);
 * and after a relevant write (a panel verdict flipped: read, fingerprint and compute again).
 */
const base = { models: 25, runs: 3, criteriaPerItem: 10, judges: 3, families: true, emptyShare: 0.03, missingShare: 0.02 };
const scenarios: { name: string; shape: ScoringShape }[] = [
  { name: "1/10 scale (72 items)", shape: { ...base, items: 72, seed: 2 } },
  { name: "full scale (718 items)", shape: { ...base, items: 718, seed: 1 } },
];

/** The synthetic bundle's records as rows, with one finished grade run pinning every item's current rubric version. */
function seed(path: string, shape: ScoringShape): { runId: number; verdicts: number } {
  const db = openDb(path);
  setDb(db);
  const c = db.$client;
  const insert = {
    item: c.prepare("INSERT INTO items (id, subcategory, age, intent, stage, directness, split, user_turns, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0)"),
    criterion: c.prepare("INSERT OR IGNORE INTO criteria (id, item_id) VALUES (?, ?)"),
    version: c.prepare("INSERT INTO rubric_versions (item_id, version, status, author, created_at) VALUES (?, ?, 'draft', 'bench', 0) RETURNING id"),
    publish: c.prepare("UPDATE rubric_versions SET status = 'published', published_at = 0 WHERE id = ?"),
    rubricCriterion: c.prepare("INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES (?, ?, ?, ?, ?, ?, 'person')"),
    response: c.prepare("INSERT INTO responses (id, item_id, model, run, assistant_turns, created_at) VALUES (?, ?, ?, ?, ?, 0)"),
    verdict: c.prepare("INSERT INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) VALUES (?, ?, ?, ?, ?, 0)"),
    description: c.prepare("INSERT INTO descriptions (kind, id, family) VALUES (?, ?, ?)"),
  };
  const versionOf = new Map<string, number>();
  const itemOf = new Map<string, string>();
  const judges = new Set<string>();
  let verdicts = 0;
  c.transaction(() => {
    for (const line of scoringBundleLines(shape)) {
      const r = JSON.parse(line);
      if (r.kind === "model" || r.kind === "judge") {
        insert.description.run(r.kind, r.id, r.family ?? null);
        if (r.kind === "judge") judges.add(r.id);
      } else if (r.kind === "item") insert.item.run(r.id, r.subcategory, r.age, r.intent, r.stage, r.directness, r.split, JSON.stringify(r.user_turns));
      else if (r.kind === "rubric") {
        const { id } = insert.version.get(r.item, r.version) as { id: number };
        r.criteria.forEach((k: { id: string; dimension: string; weight: number; text: string }, position: number) => {
          insert.criterion.run(k.id, r.item);
          insert.rubricCriterion.run(id, k.id, position, k.dimension, k.weight, k.text);
        });
        insert.publish.run(id);
        versionOf.set(r.item, id);
      } else if (r.kind === "response") {
        insert.response.run(r.id, r.item, r.model, r.run ?? 1, JSON.stringify(r.assistant_turns));
        itemOf.set(r.id, r.item);
      } else if (r.kind === "verdict") {
        insert.verdict.run(r.judge, r.response, r.criterion, r.verdict === null ? null : r.verdict ? 1 : 0, versionOf.get(itemOf.get(r.response)!)!);
        verdicts++;
      }
    }
  })();
  const spec = { kind: "grade", freezeId: 1, judges: [...judges].sort(), rubricVersions: Object.fromEntries(versionOf) };
  const { id } = c
    .prepare("INSERT INTO runs (kind, title, status, spec, estimate, created_by, created_at, finished_at) VALUES ('grade', 'bench grading', 'done', ?, '{}', 'bench', 0, 0) RETURNING id")
    .get(JSON.stringify(spec)) as { id: number };
  return { runId: id, verdicts };
}

async function timed<T>(run: () => T | Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rows: string[] = [];
for (const { name, shape } of scenarios) {
  const dir = mkdtempSync(join(tmpdir(), "concord-bench-board-"));
  try {
    const [{ runId, verdicts }, seedMs] = await timed(() => seed(join(dir, "concord.db"), shape));
    const [, loadMs] = await timed(() => loadGradingInput(getDb(), runId));
    const [cold, coldMs] = await timed(() => getLeaderboard({ ctx: cliCtx, input: { runId } }));
    const [warm, warmMs] = await timed(() => getLeaderboard({ ctx: cliCtx, input: { runId } }));
    // an unrelated write (another judge's verdicts on the same units): the change counters say the grading is untouched
    const c = getDb().$client;
    c.prepare("INSERT OR IGNORE INTO judge_verdicts (judge, response_id, criterion_id, verdict, rubric_version_id, created_at) SELECT 'judge-elsewhere', response_id, criterion_id, 1, rubric_version_id, 0 FROM judge_verdicts WHERE id <= 100").run();
    const before = { ...leaderboardWork };
    const [unrelated, unrelatedMs] = await timed(() => getLeaderboard({ ctx: cliCtx, input: { runId } }));
    if (leaderboardWork.loads !== before.loads) throw new Error("an unrelated write should not re-read the grading");
    // a relevant write (one panel verdict flipped): read, fingerprint and compute again
    c.prepare("UPDATE judge_verdicts SET verdict = NOT verdict WHERE id = (SELECT min(id) FROM judge_verdicts WHERE verdict IS NOT NULL)").run();
    const [relevant, relevantMs] = await timed(() => getLeaderboard({ ctx: cliCtx, input: { runId } }));
    if (!cold || !warm?.cached || !unrelated?.cached || relevant?.cached !== false) throw new Error("only the relevant write should compute again");
    const rss = process.memoryUsage().rss / 2 ** 20;
    rows.push(
      `| ${name} | ${verdicts.toLocaleString("en-GB")} | ${seconds(seedMs)} | ${seconds(loadMs)} | ${seconds(coldMs)} | ${seconds(warmMs)} | ${seconds(unrelatedMs)} | ${seconds(relevantMs)} | ${rss.toFixed(0)} MiB |`,
    );
  } finally {
    setDb(undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

process.stdout.write(
  `| grading | verdicts | seed | load | leaderboard cold | again, nothing written | after an unrelated write | after a relevant write | RSS after |\n|---|---|---|---|---|---|---|---|---|\n${rows.join("\n")}\n`,
);
process.exit(0);
