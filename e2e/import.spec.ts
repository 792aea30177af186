import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";

const GOOD_ITEM = {
  kind: "item",
  id: "E2E-0001",
  subcategory: "passive_ideation",
  age: "O18",
  intent: "borderline",
  stage: "ideation",
  directness: "implicit",
  split: "public",
  user_turns: ["Lately I keep thinking everyone would manage fine without me."],
};

// Line 2 has a bad age band, line 3 an unknown key: both must be reported by line.
const BAD_BUNDLE = [
  JSON.stringify(GOOD_ITEM),
  JSON.stringify({ ...GOOD_ITEM, id: "E2E-0002", age: "adult" }),
  JSON.stringify({ ...GOOD_ITEM, id: "E2E-0003", mood: "low" }),
].join("\n");

test("a bundle with bad lines is rejected with line-numbered problems and nothing changes", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  const before = await page.request.get("/api/bundle/export");
  expect(before.status()).toBe(200);
  const exportBefore = await before.text();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Import & export" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import & export" })).toBeVisible();
  await page.getByLabel("Bundle file (.jsonl)").setInputFiles({
    name: "bad.jsonl",
    mimeType: "application/x-ndjson",
    buffer: Buffer.from(BAD_BUNDLE),
  });
  await page.getByRole("button", { name: "Import bundle" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Nothing was imported." })).toBeVisible();
  const problems = page.getByRole("list", { name: "Problems in the bundle" }).getByRole("listitem");
  await expect(problems.filter({ hasText: /^line 2: age: / })).toHaveCount(1);
  await expect(problems.filter({ hasText: /^line 3: / })).toHaveCount(1);
  await expect(problems.filter({ hasText: /^line 1: / })).toHaveCount(0);

  const exportAfter = await (await page.request.get("/api/bundle/export")).text();
  expect(exportAfter).toBe(exportBefore);
  expect(exportAfter).not.toContain("E2E-0001");
});

test("a valid bundle uploaded twice is imported once", async ({ page }) => {
  await signIn(page, demoAccount("lead"));
  await page.goto("/admin/import");
  const upload = async () => {
    await page.getByLabel("Bundle file (.jsonl)").setInputFiles({
      name: "good.jsonl",
      mimeType: "application/x-ndjson",
      buffer: Buffer.from(JSON.stringify({ ...GOOD_ITEM, id: "E2E-0100" }) + "\n"),
    });
    await page.getByRole("button", { name: "Import bundle" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Bundle imported." })).toBeVisible();
  };
  const items = page.getByRole("row", { name: /^Items/ });
  await upload();
  await expect(items).toHaveText(/Items\s*1\s*0/);
  await upload();
  await expect(items).toHaveText(/Items\s*0\s*1/);
});

test.describe("what a refused upload says", () => {
  const upload = async (page: Page, name: string, content: string | Buffer) => {
    await page.getByLabel("Bundle file (.jsonl)").setInputFiles({ name, mimeType: "application/x-ndjson", buffer: Buffer.from(content) });
    await page.getByRole("button", { name: "Import bundle" }).click();
  };

  test("lists the first 200 problems and counts the rest; long lines wrap", async ({ page }) => {
    await signIn(page, demoAccount("lead"));
    await page.goto("/admin/import");
    const long = JSON.stringify({ ...GOOD_ITEM, id: "E2E-LONG", subcategory: `not a slug ${"because it has spaces ".repeat(20)}` });
    await upload(page, "many.jsonl", [long, ...Array.from({ length: 259 }, () => '{"kind":"nope"}')].join("\n"));
    await expect(page.getByRole("alert").filter({ hasText: "The bundle was not imported: 260 problems" })).toBeVisible();
    const list = page.getByRole("list", { name: "Problems in the bundle" });
    await expect(list.getByRole("listitem")).toHaveCount(200);
    await expect(page.getByText("and 60 more problems (the first 200 are listed).")).toBeVisible();
    // The long first line wraps inside the list instead of widening it.
    expect(await list.evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).toBe(true);
  });

  test("a CSV file is said once to be CSV, an empty file to be empty, a line that is not UTF-8 by its number", async ({ page }) => {
    await signIn(page, demoAccount("lead"));
    await page.goto("/admin/import");
    await upload(page, "items.csv", ["id,subcategory,age", ...Array.from({ length: 3970 }, (_, i) => `T-${i},passive_ideation,O18`)].join("\n"));
    const problems = page.getByRole("list", { name: "Problems in the bundle" }).getByRole("listitem");
    await expect(problems).toHaveCount(1);
    await expect(problems).toHaveText("line 1: (file): this looks like CSV (comma-separated values), not JSON Lines: a bundle has one JSON object per line");

    await upload(page, "empty.jsonl", "\n");
    await expect(page.getByRole("alert").filter({ hasText: "the bundle is empty" })).toBeVisible();

    await upload(page, "latin1.jsonl", Buffer.concat([Buffer.from(`${JSON.stringify({ ...GOOD_ITEM, id: "E2E-UTF" })}\n`), Buffer.from('{"kind":"item","id":"caf\xe9"}\n', "latin1")]));
    await expect(problems).toHaveText(["line 2: (line): not valid UTF-8 (a bundle is UTF-8 text)"]);
  });
});

test("bodies over their route's limit are refused with 413 and a sentence", async ({ browser, baseURL }) => {
  const clinician = await (await browser.newContext()).newPage();
  await signIn(clinician, demoAccount("clinician"));
  const label = await clinician.request.put("/api/labels", { headers: { Origin: baseURL ?? "", "Content-Type": "application/json" }, data: JSON.stringify({ padding: "x".repeat(2_000_000) }) });
  expect(label.status()).toBe(413);
  expect(await label.json()).toEqual({ error: "The request body is larger than 1 MB, the limit of this server (CONCORD_JSON_LIMIT_KB): nothing was read." });

  // The suite's server takes bundles up to 8 MB (playwright.config.ts); the body is sent in chunks, without a length.
  const page = await (await browser.newContext()).newPage();
  await signIn(page, demoAccount("lead"));
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const line = `${JSON.stringify({ ...GOOD_ITEM, id: "E2E-BIG" })}\n`;
  const chunk = Buffer.from(line.repeat(1000));
  const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
    const request = httpRequest(`${baseURL}/api/bundle/import`, { method: "POST", headers: { Cookie: cookies, Origin: baseURL ?? "", "Content-Type": "application/x-ndjson" } }, (response) => {
      let body = "";
      response.on("data", (data) => (body += data));
      response.on("end", () => done({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", fail);
    let sent = 0;
    const more = () => {
      while (sent < 9_000_000) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", more);
      }
      request.end();
    };
    more();
  });
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ error: "The bundle is larger than 8 MB, the limit of this server (CONCORD_BUNDLE_LIMIT_MB): nothing was read." });
  expect(await (await page.request.get("/api/bundle/export")).text()).not.toContain("E2E-BIG");
});
