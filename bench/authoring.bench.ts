/**
 * `npm run bench:authoring`: times the item browser
 * and publishing with 1,000 items — the services in this process, then the built app
 * (`next build` first) in a real browser, signed in as the demo author. Prints medians
 * and 95th percentiles in milliseconds.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { openDb, setDb } from "../db/client";
import { DIMENSIONS, type Bundle } from "../lib/bundle/schema";
import { demoCorpus } from "../lib/demo";
import { SSH_SUBCATEGORIES } from "../lib/taxonomy";
import { getItemForEditing } from "../lib/server/authoring/getItemForEditing";
import { publishRubricVersion } from "../lib/server/authoring/publishRubricVersion";
import { saveRubricDraft } from "../lib/server/authoring/saveRubricDraft";
import { searchItems } from "../lib/server/authoring/searchItems";
import { bundleText, importInto } from "../lib/server/bundle/importInto";
import { seedCorpusIfEmpty } from "../lib/server/demo/seedCorpus";
import type { Ctx } from "../lib/server/context";

const ITEMS = 1000;
const RUNS = 15;
const PORT = Number(process.env.BENCH_PORT ?? 3590);
const author = demoCorpus().accounts.find((a) => a.roles.includes("author"));
if (!author) throw new Error("the demo corpus has no author");
const ctx: Ctx = { user: { id: author.id, email: author.email, name: author.name, roles: author.roles } };

/** Filler items of the demo's shape (help-seeking text only), each with a published rubric of ten criteria. */
function fillerBundle(count: number): Bundle {
  const openings = ["I've been feeling low and alone for weeks.", "I don't know who to talk to anymore.", "Everything feels heavy since the exams."];
  const items: Bundle["items"] = [];
  const rubrics: Bundle["rubrics"] = [];
  for (let i = 0; i < count; i++) {
    const id = `BENCH-${String(i + 1).padStart(4, "0")}`;
    items.push({
      kind: "item", id, subcategory: SSH_SUBCATEGORIES[i % SSH_SUBCATEGORIES.length].slug, age: i % 2 ? "U18" : "O18",
      intent: i % 5 ? "borderline" : "explicit", stage: "ideation", directness: i % 3 ? "implicit" : "explicit", split: i % 4 ? "public" : "private",
      user_turns: Array.from({ length: 1 + (i % 3) }, (_, t) => openings[(i + t) % openings.length]),
      notes: `Filler item ${i + 1}: listen for isolation and encourage reaching out to someone trusted.`,
    });
    rubrics.push({
      kind: "rubric", item: id, version: 1,
      criteria: Array.from({ length: 10 }, (_, c) => ({ id: `${id}.c${String(c + 1).padStart(2, "0")}`, dimension: DIMENSIONS[c % DIMENSIONS.length], weight: 1 + c, text: `Criterion ${c + 1}: responds with care and offers a way to reach help.` })),
    });
  }
  return { items, rubrics, references: [], responses: [], labels: [], verdicts: [] };
}

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return `median ${at(0.5).toFixed(1).padStart(7)}  p95 ${at(0.95).toFixed(1).padStart(7)}  (n=${samples.length})`;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the app did not start at ${url}`);
}

async function servicePhase(results: Record<string, number[]>) {
  const add = (name: string, ms: number) => (results[name] ??= []).push(ms);
  for (let i = 0; i < RUNS; i++) {
    add("service: searchItems, no filter (page 1 of 20)", await time(() => searchItems({ ctx, input: {} })));
    add("service: searchItems, status + text search", await time(() => searchItems({ ctx, input: { status: "published", q: "exams trusted" } })));
    const itemId = `BENCH-${String(i + 1).padStart(4, "0")}`;
    add("service: getItemForEditing", await time(() => getItemForEditing({ ctx, input: { itemId } })));
    const latest = (await getItemForEditing({ ctx, input: { itemId } })).rubric.latest;
    const criteria = (latest?.criteria ?? []).map(({ id, dimension, weight, text }, c) => ({ id, dimension, weight: c === 0 ? 20 : weight, text }));
    add("service: saveRubricDraft (10 criteria)", await time(() => saveRubricDraft({ ctx, input: { itemId, baseVersion: 1, criteria } })));
    add("service: publishRubricVersion", await time(() => publishRubricVersion({ ctx, input: { itemId, changeNote: "Bench" } })));
  }
}

async function browserPhase(results: Record<string, number[]>, base: string) {
  const add = (name: string, ms: number) => (results[name] ??= []).push(ms);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const page: Page = await browser.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(author?.email ?? "");
  await page.getByLabel("Password").fill(author?.password ?? "");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  const rows = page.getByRole("table", { name: "Items, with their metadata and rubric status" }).locator("tbody tr");
  for (let i = 0; i < RUNS + 1; i++) {
    const open = await time(async () => {
      await page.goto(`${base}/items`);
      await rows.nth(49).waitFor();
    });
    if (i > 0) add("browser: open /items (1,000 items), 50 rows shown", open);
    const filtered = await time(async () => {
      await page.getByLabel("Subcategory").selectOption("passive_ideation");
      await page.waitForURL(/subcategory=passive_ideation/);
      await page.getByText(/^\d+ items match; page 1 of \d+\.$/).waitFor();
    });
    if (i > 0) add("browser: apply the subcategory filter (client navigation)", filtered);
  }
  for (let i = 0; i < RUNS + 1; i++) {
    const itemId = `BENCH-${String(500 + i).padStart(4, "0")}`;
    await page.goto(`${base}/items/${itemId}/rubric`);
    await page.getByLabel("Weight of criterion 1", { exact: true }).fill("17");
    await page.getByLabel("Change note").fill("Bench publish");
    const publish = await time(async () => {
      await page.getByRole("button", { name: "Publish version 2" }).click();
      await page.getByRole("status").filter({ hasText: "Published version 2." }).waitFor();
    });
    if (i > 0) add("browser: click Publish → 'Published' shown (save + publish)", publish);
  }
  await browser.close();
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("Build the app first: npm run build");
  const dir = mkdtempSync(join(tmpdir(), "concord-authoring-bench-"));
  const dbPath = join(dir, "concord.db");
  const results: Record<string, number[]> = {};
  try {
    const db = openDb(dbPath);
    setDb(db);
    await seedCorpusIfEmpty(demoCorpus());
    const filler = fillerBundle(ITEMS - demoCorpus().bundle.items.length);
    db.transaction((tx) => importInto(tx, bundleText(filler), "bench"), { behavior: "immediate" });
    await servicePhase(results);
    setDb(undefined);

    const server = spawn("node_modules/.bin/next", ["start", "-p", String(PORT)], {
      env: { ...process.env, CONCORD_DB_PATH: dbPath, NEXTAUTH_SECRET: "bench-secret-bench-secret", NEXTAUTH_URL: `http://localhost:${PORT}`, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: "ignore",
    });
    try {
      await waitForServer(`http://localhost:${PORT}/login`);
      await browserPhase(results, `http://localhost:${PORT}`);
    } finally {
      server.kill("SIGTERM");
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`authoring with ${ITEMS} items; times in ms; first browser run of each kind discarded as warm-up\n`);
  for (const [name, samples] of Object.entries(results)) console.log(`${name.padEnd(62)} ${stats(samples)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
