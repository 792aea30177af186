/**
 * The report page at the paper's scale, measured in a real browser against the built
 * app: `npm run bench:report-page` (after `npm run build`; it starts its own server on
 * BENCH_PORT, default 3499, on a fresh database, BENCH_RUNS times, default 3).
 *
 * 1. Seeds a database: a lead, a synthetic bundle of 75 items × 4 responses × 10
 *    criteria, 3 clinicians and 15 judges (455 panels), one calibration set over all of it.
 * 2. Cold: the first open of the report (worker not started, nothing cached), from
 *    navigation start to the panel table rendered, then to the first sort answered.
 * 3. Warm: the same page again (the report comes from the fingerprint cache).
 * 4. Scrolling: the panel table scrolled top to bottom and back at 60 px per frame,
 *    every frame's duration recorded with requestAnimationFrame, plus long tasks.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { openDb, setDb } from "@/db/client";
import { importBundle } from "@/lib/server/bundle/importBundle";
import { insertCalibrationSet } from "@/lib/server/sets/insertCalibrationSet";
import { cliCtx } from "@/lib/server/systemCtx";
import { createFirstLead } from "@/lib/server/users/createFirstLead";
import { syntheticBundle } from "./synthetic";

const PORT = Number(process.env.BENCH_PORT ?? 3499);
const BASE = `http://localhost:${PORT}`;
const LEAD = { email: "bench@concord.example", name: "Bench Lead", password: "bench-lead-password" };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function seed(dbPath: string): Promise<number> {
  const db = openDb(dbPath);
  setDb(db);
  await createFirstLead(LEAD);
  const shape = { items: 75, responsesPerItem: 4, criteriaPerItem: 10, clinicians: 3, judges: 15, seed: 1 };
  await importBundle({ ctx: cliCtx, input: { text: syntheticBundle(shape) } });
  const items = db.$client.prepare("SELECT id FROM items ORDER BY id").all() as { id: string }[];
  const responses = db.$client.prepare("SELECT id FROM responses ORDER BY id").all() as { id: string }[];
  const setId = db.transaction((tx) =>
    insertCalibrationSet(tx, {
      name: "Paper-scale synthetic set", seed: 1, itemIds: items.map((i) => i.id), responseIds: responses.map((r) => r.id),
      clinicianIds: ["clin-1", "clin-2", "clin-3"], createdBy: "cli",
    }),
  );
  setDb(undefined);
  return setId;
}

async function startServer(dbPath: string) {
  const server = spawn("npm", ["start"], { env: { ...process.env, PORT: String(PORT), CONCORD_DB_PATH: dbPath, NEXT_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "inherit"], detached: true });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  return server;
}

/** Installed before any page script: when the panel table first shows a row, and every long task. */
function instrument() {
  const w = window as unknown as { __tableAt?: number; __longTasks: number[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: "longtask", buffered: true });
  new MutationObserver(() => {
    if (w.__tableAt === undefined && document.querySelector('[data-testid="panel-table-scroller"] tbody tr[aria-rowindex="2"]')) w.__tableAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

async function openReport(page: Page, setId: number) {
  const answer = page.waitForResponse((r) => r.url().includes(`/api/sets/${setId}/report`));
  await page.goto(`${BASE}/calibration/sets/${setId}/report`);
  const { serverMs, cached } = (await (await answer).json()) as { serverMs: number; cached: boolean };
  await page.getByTestId("panel-table-scroller").locator('tbody tr[aria-rowindex="2"]').waitFor({ timeout: 60_000 });
  const tableAt = await page.evaluate(() => (window as unknown as { __tableAt: number }).__tableAt);
  // Interactive: a click on a sort header is answered (the table re-sorts by κ ascending).
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole("button", { name: "κ", exact: true }).click();
  await page.getByRole("columnheader", { name: "κ" }).and(page.locator('[aria-sort="descending"]')).waitFor();
  const sortedAt = await page.evaluate(() => performance.now());
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  return { tableAt, sortAnsweredMs: sortedAt - clickedAt, interactiveAt: tableAt, longTasks, serverMs, cached };
}

async function scrollFrames(page: Page) {
  return page.evaluate(async () => {
    const box = document.querySelector('[data-testid="panel-table-scroller"]') as HTMLElement;
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks.length = 0;
    const frames: number[] = [];
    let last = performance.now();
    let direction = 1;
    let passes = 0;
    await new Promise<void>((done) => {
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        box.scrollTop += 60 * direction;
        const turn = direction === 1 ? box.scrollTop + box.clientHeight >= box.scrollHeight - 1 : box.scrollTop <= 0;
        if (turn) {
          direction = -direction;
          passes++;
        }
        if (passes < 2) requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame(step);
    });
    frames.shift();
    return { frames, longTasks: [...w.__longTasks], rowsInDom: box.querySelectorAll("tbody tr").length };
  });
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))];
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "concord-bench-page-"));
  const rows: string[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const dbPath = join(dir, `run-${run}`, "concord.db");
      const setId = await seed(dbPath);
      const server = await startServer(dbPath);
      const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        // tsx (esbuild) names functions with a `__name` helper that the page does not have.
        await page.addInitScript("window.__name = (f) => f");
        await page.addInitScript(instrument);
        await page.goto(`${BASE}/login`);
        await page.getByLabel("Email").fill(LEAD.email);
        await page.getByLabel("Password").fill(LEAD.password);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("button", { name: "Sign out" }).waitFor();
        const cold = await openReport(page, setId);
        const warm = await openReport(page, setId);
        const scroll = await scrollFrames(page);
        const long = scroll.frames.filter((f) => f > 50).length;
        rows.push(
          `| ${run} | ${ms(cold.interactiveAt)} (server ${ms(cold.serverMs)}${cold.cached ? ", cached?!" : ""}) | ${ms(cold.sortAnsweredMs)} | ${cold.longTasks.length} (max ${ms(Math.max(0, ...cold.longTasks))}) | ${ms(warm.interactiveAt)} (server ${ms(warm.serverMs)}) | ` +
            `${scroll.frames.length} | ${pct(scroll.frames, 0.5).toFixed(1)} / ${pct(scroll.frames, 0.95).toFixed(1)} / ${Math.max(...scroll.frames).toFixed(1)} ms | ${long} | ${scroll.longTasks.length} | ${scroll.rowsInDom} |`,
        );
      } finally {
        await browser.close();
        if (server.pid) process.kill(-server.pid, "SIGTERM");
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log("Report page, paper scale (3,000 units, 15 judges, 455 panels of 3), headless Chromium 1280×900\n");
  console.log("| run | cold: nav → table | first sort answered | long tasks while loading | warm: nav → table | scroll frames | frame p50 / p95 / max | frames > 50 ms | long tasks while scrolling | rows in DOM |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
