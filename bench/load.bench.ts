/**
 * Clinicians' saves under load, against the built app: `npm run bench:load` (after
 * `npm run build`, or let `npm start` build). It seeds a fresh database (a lead, a
 * synthetic calibration set, 50 clinicians with passwords), starts `npm start` on
 * BENCH_PORT (default 3498), signs every clinician in through next-auth (real session
 * cookies) and sends real `PUT /api/labels` saves, first W seconds (default 10) at R
 * saves/s not counted (a warm-up: a freshly started server is slow for its first few
 * seconds), then:
 *
 *   open      R saves/s (default 200) on a fixed schedule for S seconds (default 60);
 *             latency is measured from each save's scheduled time, so a stalled
 *             server cannot hide behind a slower send rate
 *   import    the same while the lead uploads a ~50 MB bundle to /api/bundle/import:
 *             a calibration bundle, ~450,000 records (nearly all labels and verdicts)
 *   import-text  the same with a ~50 MB bundle of long texts: ~42,000 records (items,
 *             rubrics and 20,000 responses of ~2.4 KB)
 *   import-bad   the same while a ~16 MB file of 1,000,000 bad lines is refused (the first
 *             200 problems and a count)
 *   closed    C clients (default 50), each sending its next save when the last answered
 *
 * and prints, per scenario, saves, throughput, p50/p95/p99/max latency, failures, the
 * server's CPU milliseconds per save (its process tree's user + system time: the figure
 * that stays comparable when the machine is shared, which the load average beside it
 * says) and lost verdicts: every acknowledged save's verdict is compared with the
 * database at the end (the newest acknowledged verdict per unit must be the stored
 * one). The server's peak memory (its process tree's RSS) is printed too.
 * BENCH_SERVER_NODE_OPTIONS is passed to the server's processes only (see
 * bench/cpu-profile.mjs to profile them).
 *
 *   npm run bench:load -- --seconds 10 [--warmup 10] [--rate 200] [--clients 50] [--only open,import,import-text,import-bad,closed]
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { Agent, request as httpRequest } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { openDb, setDb } from "@/db/client";
import { importBundle } from "@/lib/server/bundle/importBundle";
import { insertCalibrationSet } from "@/lib/server/sets/insertCalibrationSet";
import { cliCtx } from "@/lib/server/systemCtx";
import { createFirstLead } from "@/lib/server/users/createFirstLead";
import { hashPassword } from "@/lib/server/users/password";
import { syntheticBundle } from "./synthetic";

const { values: flags } = parseArgs({
  options: { seconds: { type: "string", default: "60" }, warmup: { type: "string", default: "10" }, rate: { type: "string", default: "200" }, clients: { type: "string", default: "50" }, only: { type: "string", default: "open,import,import-text,import-bad,closed" } },
});
const SECONDS = Number(flags.seconds);
const WARMUP = Number(flags.warmup);
const RATE = Number(flags.rate);
const CLIENTS = Number(flags.clients);
const ONLY = new Set(flags.only.split(","));
const PORT = Number(process.env.BENCH_PORT ?? 3498);
const BASE = `http://localhost:${PORT}`;
const LEAD = { email: "bench-lead@concord.example", name: "Bench Lead", password: "bench-lead-password" };
const clinician = (k: number) => ({ id: `bench-clin-${k}`, email: `bench-clin-${k}@concord.example`, password: `bench-clinician-${k}-password` });

interface Unit {
  user: string;
  number: number;
  criterionId: string;
  responseId: string;
}

async function seed(dbPath: string): Promise<{ setId: number; units: Map<string, Unit[]> }> {
  const db = openDb(dbPath);
  setDb(db);
  await createFirstLead(LEAD);
  await importBundle({ ctx: cliCtx, input: { text: syntheticBundle({ items: 40, responsesPerItem: 4, criteriaPerItem: 8, clinicians: 0, judges: 0, seed: 7 }) } });
  const people = Array.from({ length: CLIENTS }, (_, k) => clinician(k));
  const hashes = await Promise.all(people.map((p) => hashPassword(p.password)));
  const insertUser = db.$client.prepare("INSERT INTO users (id, email, name, password_hash, active, session_version, created_at) VALUES (?, ?, ?, ?, 1, 0, ?)");
  const insertRole = db.$client.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, 'clinician')");
  db.$client.transaction(() => people.forEach((p, k) => (insertUser.run(p.id, p.email, p.id, hashes[k], Date.now()), insertRole.run(p.id))))();
  const items = (db.$client.prepare("SELECT id FROM items ORDER BY id").all() as { id: string }[]).map((r) => r.id);
  const responses = (db.$client.prepare("SELECT id FROM responses ORDER BY id").all() as { id: string }[]).map((r) => r.id);
  const setId = db.transaction((tx) => insertCalibrationSet(tx, { name: "Load bench set", seed: 1, itemIds: items, responseIds: responses, clinicianIds: people.map((p) => p.id), createdBy: "cli" }));
  const rows = db.$client.prepare(`
    SELECT q.user_id AS user, q.position + 1 AS number, rc.criterion_id AS criterionId, q.response_id AS responseId
    FROM calibration_queue q JOIN responses r ON r.id = q.response_id
    JOIN calibration_set_items si ON si.set_id = q.set_id AND si.item_id = r.item_id
    JOIN rubric_criteria rc ON rc.rubric_version_id = si.rubric_version_id
    WHERE q.set_id = ? ORDER BY q.user_id, q.position, rc.position`).all(setId) as Unit[];
  const units = new Map<string, Unit[]>();
  for (const row of rows) units.set(row.user, [...(units.get(row.user) ?? []), row]);
  setDb(undefined);
  return { setId, units };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);

async function signIn(email: string, password: string): Promise<string> {
  const csrf = await fetch(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const response = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; "), Origin: BASE },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  const cookies = [...jar, ...cookiesOf(response)];
  if (!cookies.some((c) => c.includes("session-token="))) throw new Error(`could not sign in ${email} (${response.status})`);
  return cookies.join("; ");
}

function startServer(dbPath: string): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_OPTIONS reaches the server's processes only (e.g. "--cpu-prof --cpu-prof-dir=DIR" to profile them).
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {};
  const server = spawn("npm", ["start"], { env: { ...process.env, ...nodeOptions, PORT: String(PORT), CONCORD_DB_PATH: dbPath, NEXT_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "inherit"], detached: true });
  return new Promise((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready")) resolve(server);
    });
    server.on("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
}

/** The processes of a process group (the server is started as its own group). */
function groupPids(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "-g", String(pid)], { encoding: "utf8" }).split("\n").map(Number).filter((n) => n > 0);
  } catch {
    return [pid];
  }
}

/** The RSS of a process and all its descendants, in MB. */
function treeRss(pid: number): number {
  let kb = 0;
  for (const p of groupPids(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return kb / 1024;
}

/** CPU seconds (user + system) used so far by a process and all its descendants: the server's cost per save, whatever else the machine runs. */
function treeCpu(pid: number): number {
  let ticks = 0;
  for (const p of groupPids(pid)) {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
      // Its own user + system time, and that of its children that have ended (an import's worker process).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks / 100;
}

interface Client {
  cookie: string;
  units: Unit[];
  next: number;
}

interface Acknowledged {
  verdict: boolean;
  givenAt: number;
  unit: Unit;
}

const acknowledged = new Map<string, Acknowledged>();
/** Failed saves by answer (HTTP status, or the network error). */
const failuresBy = new Map<string, number>();
const failed = (why: string) => failuresBy.set(why, (failuresBy.get(why) ?? 0) + 1);
let clock = 0;

/**
 * The load generator shares the server's cores, so it is kept cheap: node:http on a
 * keep-alive agent (at most 64 sockets, reused) rather than fetch, and each client's
 * headers built once.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const headersOf = new WeakMap<Client, Record<string, string>>();

function put(client: Client, body: string): Promise<{ status: number; text: string }> {
  let headers = headersOf.get(client);
  if (!headers) headersOf.set(client, (headers = { "Content-Type": "application/json", Cookie: client.cookie, Origin: BASE }));
  return new Promise((done, fail) => {
    const request = httpRequest(`${BASE}/api/labels`, { method: "PUT", agent, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => done({ status: response.statusCode ?? 0, text }));
      response.on("error", fail);
    });
    // A kept-alive socket the server closed as it idled is reset when reused: sent again on
    // a fresh one, as browsers do (and as Node's documentation of `reusedSocket` advises).
    request.on("error", (error: NodeJS.ErrnoException) => (request.reusedSocket && error.code === "ECONNRESET" ? put(client, body).then(done, fail) : fail(error)));
    request.end(body);
  });
}

/** One save: the client's next unit, the opposite of the verdict last sent there. */
async function save(setId: number, client: Client): Promise<boolean> {
  const unit = client.units[client.next++ % client.units.length];
  const key = `${unit.user}\u0000${unit.responseId}\u0000${unit.criterionId}`;
  const verdict = !(acknowledged.get(key)?.verdict ?? false);
  // Strictly increasing and behind the server's clock: every save is newer than the last.
  const givenAt = ++clock;
  try {
    const response = await put(client, JSON.stringify({ setId, number: unit.number, criterionId: unit.criterionId, verdict, givenAt }));
    if (response.status !== 200) {
      failed(`${response.status} ${response.text.slice(0, 120)}`);
      return false;
    }
    const seen = acknowledged.get(key);
    if (!seen || seen.givenAt < givenAt) acknowledged.set(key, { verdict, givenAt, unit });
    return true;
  } catch (error) {
    failed(String((error as Error).message ?? error));
    return false;
  }
}

interface Result {
  scenario: string;
  latencies: number[];
  failures: number;
  seconds: number;
  note?: string;
  /** The server's CPU milliseconds per save (import scenarios: the import's CPU included). */
  cpuPerSave?: number;
  /** The machine's 1-minute load average at the end. */
  load?: string;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);

async function openLoop(setId: number, clients: Client[], seconds: number, during?: { name: string; run: () => Promise<string> }): Promise<Result> {
  const latencies: number[] = [];
  let failures = 0;
  const interval = 1000 / RATE;
  const started = performance.now();
  let background: Promise<string> | undefined;
  let note: string | undefined;
  // While the import's request is in flight (from its start to its answer): those saves' latencies on their own.
  const window = { from: Infinity, to: Infinity };
  const whileImporting: number[] = [];
  const inFlight: Promise<void>[] = [];
  for (let i = 0; ; i++) {
    const due = started + i * interval;
    if (due - started > seconds * 1000 && (!background || note !== undefined)) break;
    if (during && !background && due - started > 2000) {
      window.from = performance.now();
      background = during.run().then((n) => ((window.to = performance.now()), (note = n)));
    }
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
    const client = clients[i % clients.length];
    inFlight.push(save(setId, client).then((ok) => {
      if (!ok) return void failures++;
      latencies.push(performance.now() - due);
      if (due >= window.from && due <= window.to) whileImporting.push(performance.now() - due);
    }));
  }
  await Promise.all(inFlight);
  await background;
  if (during) {
    const sorted = whileImporting.sort((a, b) => a - b);
    note += `; the ${sorted.length} saves sent while it ran: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(1)} ms`;
  }
  return { scenario: during ? `open ${RATE}/s + ${during.name}` : `open ${RATE}/s`, latencies, failures, seconds: (performance.now() - started) / 1000, note };
}

async function closedLoop(setId: number, clients: Client[], seconds: number): Promise<Result> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(clients.map(async (client) => {
    while (performance.now() - started < seconds * 1000) {
      const t = performance.now();
      if (await save(setId, client)) latencies.push(performance.now() - t);
      else failures++;
    }
  }));
  return { scenario: `closed ${clients.length} clients`, latencies, failures, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "concord-load-bench-"));
  const dbPath = join(dir, "concord.db");
  let server: ChildProcess | undefined;
  try {
    const { setId, units } = await seed(dbPath);
    // ~50 MB each of new records, imported while clinicians save.
    const rowsFile = join(dir, "records.jsonl");
    writeFileSync(rowsFile, syntheticBundle({ items: 380, responsesPerItem: 10, criteriaPerItem: 9, clinicians: 3, judges: 10, seed: 11 }).replaceAll("SYN-", "BIG-").replaceAll('"clin-', '"big-clin-'));
    const textFile = join(dir, "texts.jsonl");
    const answer = "placeholder answer sentence for the load bench. ".repeat(50);
    writeFileSync(textFile, syntheticBundle({ items: 2000, responsesPerItem: 10, criteriaPerItem: 9, clinicians: 0, judges: 0, seed: 12 }).replaceAll("SYN-", "TXT-").replaceAll('"placeholder answer"', JSON.stringify(answer)));
    // ~16 MB of 1,000,000 lines that are all wrong: answered with the first 200 problems and a count.
    const badFile = join(dir, "bad.jsonl");
    writeFileSync(badFile, '{"kind":"nope"}\n'.repeat(1_000_000));
    server = await startServer(dbPath);
    const serverPid = server.pid ?? 0;
    let peakRss = treeRss(serverPid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRss(serverPid))), 250);

    const clients: Client[] = [];
    for (let k = 0; k < CLIENTS; k++) {
      const person = clinician(k);
      clients.push({ cookie: await signIn(person.email, person.password), units: units.get(person.id) ?? [], next: 0 });
    }
    const lead = await signIn(LEAD.email, LEAD.password);
    clock = Date.now() - 24 * 3600 * 1000;
    // A freshly started server answers its first few thousand saves slowly (code not yet
    // optimised, every client's first request, new sockets): a warm-up at the scenario's
    // rate, not counted, so the figures are the server's steady state.
    if (WARMUP > 0) await openLoop(setId, clients, WARMUP);

    const results: Result[] = [];
    // The machine is shared: its load average and the server's own CPU time per save say how far a figure is the server's.
    const header = ["scenario", "saves", "saves/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "failed", "server CPU ms/save", "load"];
    const row = (r: Result) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      return [
        r.scenario, String(sorted.length), (sorted.length / r.seconds).toFixed(0), ...[50, 95, 99, 100].map((p) => percentile(sorted, p).toFixed(1)), String(r.failures),
        r.cpuPerSave?.toFixed(2) ?? "", r.load ?? "",
      ];
    };
    const done = (r: Result) => {
      results.push(r);
      console.log(`done: ${row(r).join("  ")}${r.note ? ` — ${r.note}` : ""}`);
    };
    const measured = async (run: () => Promise<Result>): Promise<Result> => {
      const cpu = treeCpu(serverPid);
      const r = await run();
      return { ...r, cpuPerSave: ((treeCpu(serverPid) - cpu) * 1000) / Math.max(1, r.latencies.length), load: readFileSync("/proc/loadavg", "utf8").split(" ")[0] };
    };
    if (ONLY.has("open")) done(await measured(() => openLoop(setId, clients, SECONDS)));
    const importing = (file: string) => {
      // Read before the scenario starts: reading 50 MB would stall the generator itself mid-scenario.
      const bytes = readFileSync(file);
      return () => upload(bytes);
    };
    const upload = async (bytes: Buffer) => {
      const t = performance.now();
      // node:http rather than fetch: fetch gives up on an answer after 300 s.
      const answer = await new Promise<{ status: number; text: string }>((done) => {
        const request = httpRequest(`${BASE}/api/bundle/import`, { method: "POST", headers: { Cookie: lead, Origin: BASE, "Content-Type": "application/x-ndjson", "Content-Length": bytes.length } }, (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => done({ status: response.statusCode ?? 0, text }));
        });
        request.on("error", (error) => done({ status: 0, text: JSON.stringify({ error: String(error) }) }));
        request.end(bytes);
      });
      let body: { error?: string; issues?: string[]; more?: number; counts?: Record<string, { added: number }> } = {};
      try {
        body = JSON.parse(answer.text);
      } catch {
        body = { error: answer.text.slice(0, 200) };
      }
      const added = body.counts ? Object.values(body.counts).reduce((n, c) => n + c.added, 0) : 0;
      const issues = body.issues ? `, ${body.issues.length} problems listed and ${(body.more ?? 0).toLocaleString("en-US")} more counted` : "";
      return `import of ${(bytes.length / 1e6).toFixed(1)} MB: ${answer.status}, ${((performance.now() - t) / 1000).toFixed(1)} s, ${added.toLocaleString("en-US")} records${body.error ? ` (${body.error.slice(0, 120)})` : ""}${issues}`;
    };
    if (ONLY.has("import")) done(await measured(() => openLoop(setId, clients, SECONDS, { name: "import (records)", run: importing(rowsFile) })));
    if (ONLY.has("import-text")) done(await measured(() => openLoop(setId, clients, SECONDS, { name: "import (texts)", run: importing(textFile) })));
    if (ONLY.has("import-bad")) done(await measured(() => openLoop(setId, clients, SECONDS, { name: "import (1,000,000 bad lines)", run: importing(badFile) })));
    if (ONLY.has("closed")) done(await measured(() => closedLoop(setId, clients, SECONDS)));
    clearInterval(sampler);

    // Lost verdicts: the newest acknowledged verdict of every unit must be the one stored.
    const db = new Database(dbPath, { readonly: true });
    const stored = db.prepare("SELECT verdict FROM labels WHERE rater_id = ? AND response_id = ? AND criterion_id = ?");
    let lost = 0;
    for (const { verdict, unit } of acknowledged.values()) {
      const row = stored.get(unit.user, unit.responseId, unit.criterionId) as { verdict: number } | undefined;
      if (!row || Boolean(row.verdict) !== verdict) lost++;
    }
    db.close();

    const rows = results.map(row);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
    console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${rows.map(line).join("\n")}`);
    for (const r of results) if (r.note) console.log(`\n${r.scenario}: ${r.note}`);
    for (const [why, n] of failuresBy) console.log(`failed saves: ${n} × ${why}`);
    console.log(`\nlost verdicts: ${lost} of ${acknowledged.size.toLocaleString("en-US")} units saved (checked in the database)`);
    console.log(`server peak RSS (npm start's process tree): ${peakRss.toFixed(0)} MB`);
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
