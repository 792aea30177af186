import { expect, test } from "@playwright/test";
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
