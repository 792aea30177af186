/**
 * `npm run bench:runs`: the run queue against the local protocol stub, the worker in
 * its own process (`concord run work`, as `npm start` runs it beside the server).
 *  - instant: a stub answering at once — results stored per second (target ≥ 500);
 *  - latency: 200 ms per answer at concurrency 64 — calls per second against the
 *    ideal 320 (target ≥ 90 %);
 *  - memory: a 100,000-call run — the worker's peak RSS (target < 300 MB, flat);
 *  - during the memory run, a clinician saves a verdict every 50 ms through the save
 *    service on the same database file — p50/p95/p99 (target p99 < 100 ms).
 * `--quick` runs a tenth of each.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, setDb, type Db } from "../db/client";
import { seedCorpusIfEmpty } from "../lib/server/demo/seedCorpus";
import { saveLabel } from "../lib/server/labeling/saveLabel";
import { startRun } from "../lib/server/runs/startRun";
import { startChatStub } from "../test/llm-stub";
import { addEndpoint, addJudges, verdictReply } from "../test/runs";
import { smallCorpus } from "../test/smallCorpus";

const quick = process.argv.includes("--quick");
const scale = (n: number) => (quick ? Math.ceil(n / 10) : n);
const lead = { user: { id: "lead-1", email: "lead@demo.test", name: "Lee", roles: ["lead" as const] } };
const clinician = { user: { id: "clin-1", email: "clin-1@demo.test", name: "C1", roles: ["clinician" as const] } };

/** A calibration set of `units` units (100 responses per item, 10 criteria each), written directly. */
function syntheticSet(db: Db, units: number): number {
  const c = db.$client;
  const items = Math.ceil(units / 1000);
  const { id: setId } = c.prepare("INSERT INTO calibration_sets (name, seed, status, created_by, created_at) VALUES ('bench', 1, 'open', 'bench', 0) RETURNING id").get() as { id: number };
  c.transaction(() => {
    let left = units;
    for (let i = 0; i < items; i++) {
      const item = `B-${i}`;
      c.prepare("INSERT INTO items (id, subcategory, age, intent, stage, directness, split, user_turns, created_at, updated_at) VALUES (?, 'passive_ideation', 'O18', 'borderline', 'ideation', 'implicit', 'public', ?, 0, 0)")
        .run(item, JSON.stringify(["Lately everything feels pointless and I am so tired."]));
      const { id: version } = c.prepare("INSERT INTO rubric_versions (item_id, version, status, author, created_at) VALUES (?, 1, 'draft', 'bench', 0) RETURNING id").get(item) as { id: number };
      for (let k = 0; k < 10; k++) {
        c.prepare("INSERT INTO criteria (id, item_id) VALUES (?, ?)").run(`${item}.c${k}`, item);
        c.prepare("INSERT INTO rubric_criteria (rubric_version_id, criterion_id, position, dimension, weight, text, provenance) VALUES (?, ?, ?, 'identification', 5, ?, 'person')")
          .run(version, `${item}.c${k}`, k, `Criterion ${k}: recognises the person's exhaustion and asks about it calmly.`);
      }
      c.prepare("UPDATE rubric_versions SET status = 'published', published_at = 0 WHERE id = ?").run(version);
      c.prepare("INSERT INTO calibration_set_items (set_id, item_id, rubric_version_id) VALUES (?, ?, ?)").run(setId, item, version);
      for (let r = 0; r < 100 && left > 0; r++, left -= 10) {
        const id = `rb-${i}-${r}`;
        c.prepare("INSERT INTO responses (id, item_id, model, run, assistant_turns, created_at) VALUES (?, ?, 'bench-model', 1, ?, 0)").run(id, item, JSON.stringify([`I'm really sorry it feels this heavy (${id}). You deserve support; a crisis line can help today.`]));
        c.prepare("INSERT INTO calibration_set_responses (set_id, response_id) VALUES (?, ?)").run(setId, id);
      }
    }
  })();
  return setId;
}

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

interface Result {
  scenario: string;
  calls: number;
  seconds: number;
  perSecond: number;
  target: string;
  peakRssMb: number;
  saves?: number[];
}

async function scenario(name: string, units: number, delayMs: number, concurrency: number, target: string, withSaves: boolean): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), "concord-bench-runs-"));
  const db = openDb(join(dir, "concord.db"));
  setDb(db);
  await seedCorpusIfEmpty(smallCorpus());
  const setId = syntheticSet(db, units);
  const stub = await startChatStub((request) => (delayMs ? { ...verdictReply(request), delayMs } : verdictReply(request)), 0, { record: false });
  addJudges(db, addEndpoint(db, stub.url, { maxConcurrency: concurrency, timeoutMs: 30_000 }), "j-bench");
  const { runId, calls: planned } = await startRun({ ctx: lead, input: { kind: "judge", setId, judges: ["j-bench"] } });
  // Counted on the (run, status) index, a few times a second: the bench must not slow the worker it measures.
  const done = db.$client.prepare("SELECT count(*) AS n FROM run_calls WHERE run_id = ? AND status = 'done'");
  const worker: ChildProcess = spawn(process.execPath, ["--conditions=react-server", "cli/launch.mjs", "run", "work"], {
    env: { ...process.env, CONCORD_DB_PATH: join(dir, "concord.db") },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let peak = 0;
  let first = 0;
  let last = 0;
  const saves: number[] = [];
  let number = 0;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  let finished = false;
  void exited.then(() => (finished = true));
  let tick = 0;
  while (!finished) {
    peak = Math.max(peak, rssMb(worker.pid!));
    const stored = tick++ % 4 === 0 || first === 0 ? (done.get(runId) as { n: number }).n : 0;
    if (!first && stored > 0) first = performance.now();
    if (!last && stored === planned) last = performance.now();
    if (withSaves && first) {
      const started = performance.now();
      await saveLabel({ ctx: clinician, input: { setId: 1, number: 1 + (number++ % 2), criterionId: "I-1.c1", verdict: number % 2 === 0, rationale: null, givenAt: Date.now() } }).catch(() => undefined);
      saves.push(performance.now() - started);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // From the first result stored to the last (the worker's start-up and exit are not the queue's speed).
  const seconds = ((last || performance.now()) - first) / 1000;
  const calls = (done.get(runId) as { n: number }).n;
  await stub.close();
  db.$client.close();
  setDb(undefined);
  rmSync(dir, { recursive: true, force: true });
  return { scenario: name, calls, seconds, perSecond: calls / seconds, target, peakRssMb: peak, saves: withSaves ? saves : undefined };
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const results = [
  await scenario("instant stub, concurrency 64", scale(20_000), 0, 64, "≥ 500 results/s", false),
  await scenario("200 ms stub, concurrency 64", scale(6_400), 200, 64, "≥ 288 calls/s (90 % of 320)", false),
  await scenario("100,000 calls, saves alongside", scale(100_000), 0, 64, "RSS < 300 MB; save p99 < 100 ms", true),
];
console.log(`\nbench:runs${quick ? " (--quick)" : ""} — worker process: concord run work; stub in the bench process\n`);
console.log(`${"scenario".padEnd(32)} ${"calls".padStart(8)} ${"seconds".padStart(8)} ${"per s".padStart(8)} ${"peak RSS MB".padStart(12)}  target`);
for (const r of results) {
  console.log(`${r.scenario.padEnd(32)} ${String(r.calls).padStart(8)} ${r.seconds.toFixed(1).padStart(8)} ${r.perSecond.toFixed(0).padStart(8)} ${r.peakRssMb.toFixed(0).padStart(12)}  ${r.target}`);
}
const saves = results[2].saves ?? [];
console.log(`\nclinician saves during the 100,000-call run: ${saves.length} saves, p50 ${pct(saves, 50).toFixed(1)} ms, p95 ${pct(saves, 95).toFixed(1)} ms, p99 ${pct(saves, 99).toFixed(1)} ms (target p99 < 100 ms)`);
