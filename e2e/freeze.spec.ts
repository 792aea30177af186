import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";
import { criteria } from "./labeling-helpers";
import { cloneDemoSet } from "./scenario";

async function openJudges(page: Page, set: string) {
  await page.goto("/calibration");
  await page.getByRole("link", { name: `Judges, report and freeze: ${set}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Judges: ${set}` })).toBeVisible();
}

async function openFreeze(page: Page, set: string) {
  await openJudges(page, set);
  await page.getByRole("link", { name: "freeze a panel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Freeze a panel: ${set}` })).toBeVisible();
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

/** `concord verify-freeze` as a user runs it: exit code and what it printed. */
function verifyFreeze(record: string, bundle: string): { code: number; out: string } {
  try {
    const out = execFileSync("node", ["--conditions=react-server", "cli/launch.mjs", "verify-freeze", record, bundle], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { code: 0, out };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, out: failed.stdout + failed.stderr };
  }
}

test("a lead records a selection rule, freezes the top panel, and a second freeze must supersede the first", async ({ page, browser }, testInfo) => {
  await signIn(page, demoAccount("lead"));
  const { setName, clinicians } = await cloneDemoSet(page, "E2E freeze");
  await openJudges(page, setName);
  // The copy's verdicts are already in, so the rule is kept but is shown not to be a pre-registration.
  await page.getByRole("button", { name: "Record the rule" }).click();
  await expect(page.getByText("Recorded after verdicts on this set were imported: not a pre-registration.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Record the rule" })).toHaveCount(0);

  // From the report, the top panel's detail, and from there the freeze.
  await page.getByRole("link", { name: "Open the report" }).click();
  const table = page.getByRole("table", { name: /Every panel of 3 judges/ });
  const topLink = table.getByRole("row").nth(1).getByRole("link");
  await expect(topLink).toBeVisible({ timeout: 30_000 });
  const top = ((await topLink.textContent()) ?? "").split(", ").join(",");
  await topLink.click();
  await expect(page.getByText(/^Rank 1 of 455 panels/)).toBeVisible();
  await page.getByRole("link", { name: "Freeze this panel…" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Freeze a panel: ${setName}` })).toBeVisible();
  await expect(page.getByLabel("Panel", { exact: true })).toHaveValue(top, { timeout: 30_000 });
  await expect(page.getByText(/rank 1 of 455/)).toBeVisible();
  // The Judges and Freeze pages agree: the rule was recorded after the verdicts.
  await expect(page.getByText("This freeze follows the recorded rule.")).toBeVisible();
  await expect(page.getByText("The rule was recorded after verdicts on this set were imported: not a pre-registration.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Rationale").fill("Rank 1 by κ on every item, as the rule says; rank 2 is within the interval, so this is a recorded choice.");
  // The set is still open: the freeze waits for a confirmation.
  await expect(page.getByRole("button", { name: "Freeze this panel" })).toBeDisabled();
  await page.getByRole("checkbox", { name: "Freeze it while it is open" }).check();
  await page.getByRole("button", { name: "Freeze this panel" }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Frozen panel #\d+$/ })).toBeVisible();
  const first = Number((await page.getByRole("heading", { level: 1 }).textContent())?.replace(/\D/g, ""));
  await expect(page.getByText("This is the set's current frozen panel.")).toBeVisible();
  await expect(page.getByText(top.split(",").join(", ")).first()).toBeVisible();
  await expect(page.getByText("The freeze follows it.")).toBeVisible();
  await expect(page.getByText("open: labels could still change")).toBeVisible();
  await expect(page.getByText("Today's consensus and verdicts still match the frozen fingerprint.")).toBeVisible();
  // The demo's judges are configured on the demo simulator, and the record says so.
  await expect(page.getByText(`Simulated: ${top.split(",").join(", ")} were configured on the demo simulator when frozen; no model gave these verdicts.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The record downloads as JSON, and verify-freeze reproduces it from an exported bundle.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the record (JSON)" }).click()]);
  const recordPath = testInfo.outputPath("record.json");
  await download.saveAs(recordPath);
  const record = JSON.parse(readFileSync(recordPath, "utf8"));
  expect(record).toMatchObject({ format: "concord-frozen-panel/v1", id: first, rank: 1, judges: top.split(","), rule: { followed: true, before_verdicts: false } });
  for (const judge of top.split(",")) expect(record.judge_settings[judge]).toMatchObject({ endpoint: "Demo simulator — not a real model", simulated: true, model: judge });
  expect(record.calibration_set.open_at_freeze).toBe(true);
  expect(record.scope.min_coverage).toBe(0.95);
  const setExport = await (await page.request.get(`/calibration/sets/${record.calibration_set.id}/labels/bundle`)).text();
  const setExportPath = testInfo.outputPath("set.jsonl");
  writeFileSync(setExportPath, setExport);
  expect(verifyFreeze(recordPath, setExportPath).code).toBe(0);
  const exported = await (await page.request.get("/api/bundle/export")).text();
  const bundlePath = testInfo.outputPath("bundle.jsonl");
  writeFileSync(bundlePath, exported);
  const accepted = verifyFreeze(recordPath, bundlePath);
  expect(accepted.out).toMatch(/^MATCH/m);
  expect(accepted.code).toBe(0);

  const lines = exported.split("\n");
  const at = lines.findIndex((line) => line.includes('"kind":"verdict"') && record.scope.responses.includes(JSON.parse(line).response) && JSON.parse(line).verdict !== null);
  const verdict = JSON.parse(lines[at]);
  lines[at] = JSON.stringify({ ...verdict, verdict: !verdict.verdict });
  writeFileSync(bundlePath, lines.join("\n"));
  const refused = verifyFreeze(recordPath, bundlePath);
  expect(refused.out).toMatch(/DIFFERS fingerprint/);
  expect(refused.out).toMatch(/^MISMATCH/m);
  expect(refused.code).toBe(1);

  // A clinician changes one label after the freeze: the record page says what changed, and
  // the record still verifies against the snapshot it kept (then the label is given back).
  const clinician = await browser.newContext();
  const labeler = await clinician.newPage();
  await signIn(labeler, clinicians[0]);
  await labeler.goto(`/label/${record.calibration_set.id}/1`);
  const acknowledge = labeler.getByRole("button", { name: "I understand — show the first response" });
  if (await acknowledge.isVisible()) {
    await acknowledge.click();
    await expect(labeler).toHaveURL(/\/label\/\d+\/\d+$/);
    await labeler.goto(`/label/${record.calibration_set.id}/1`);
  }
  await expect(labeler).toHaveURL(new RegExp(`/label/${record.calibration_set.id}/1$`));
  const group = criteria(labeler).first();
  await expect(group).toBeVisible();
  const criterionId = (await group.getAttribute("data-criterion")) ?? "";
  const was = (await group.getByRole("button", { name: "Satisfied", exact: true }).getAttribute("aria-pressed")) === "true";
  const give = (verdict: boolean) => labeler.request.put("/api/labels", { data: { setId: record.calibration_set.id, number: 1, criterionId, verdict, givenAt: Date.now() } });
  const changed = await give(!was);
  expect(changed.status(), await changed.text()).toBe(200);
  await page.reload();
  await expect(page.getByText(/Since the freeze: 1 label \(1 changed\) on the set's units\./)).toBeVisible();
  const [snapshot] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the frozen inputs (bundle)" }).click()]);
  const snapshotPath = testInfo.outputPath("inputs.jsonl");
  await snapshot.saveAs(snapshotPath);
  expect(verifyFreeze(recordPath, snapshotPath).code).toBe(0);
  expect((await give(was)).status()).toBe(200);
  await clinician.close();

  // Freezing again without naming the record it supersedes is refused.
  await openFreeze(page, setName);
  await expect(page.getByLabel("Panel", { exact: true })).toHaveValue(top, { timeout: 30_000 });
  const second = await page.getByLabel("Panel", { exact: true }).locator("option").nth(1).getAttribute("value");
  await page.getByLabel("Panel", { exact: true }).selectOption(second ?? "");
  await expect(page.getByText(/rank 2 of 455/)).toBeVisible();
  await expect(page.getByText("This freeze departs from the recorded rule.")).toBeVisible();
  await page.getByLabel("Rationale").fill("Rank 2 is indistinguishable from rank 1 and cheaper to run.");
  await page.getByRole("checkbox", { name: "Freeze it while it is open" }).check();
  await page.getByRole("button", { name: "Freeze this panel" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `This set is already frozen (record #${first})` })).toBeVisible();

  // Naming it, with a reason, is accepted; the history keeps both.
  await page.getByRole("checkbox", { name: `Supersede record #${first}` }).check();
  await page.getByLabel(`Why record #${first} is replaced`).fill("The rank-2 panel is as good within the interval and costs less.");
  await page.getByRole("button", { name: "Freeze this panel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Frozen panel #${first + 1}` })).toBeVisible();
  await expect(page.getByText("Supersedes", { exact: true })).toBeVisible();
  await expect(page.getByText("The freeze departs from it:")).toBeVisible();

  await page.goto("/calibration/freezes");
  const history = page.getByRole("list", { name: "Freeze history" }).getByRole("listitem");
  await expect(history.filter({ hasText: `Record #${first + 1}` })).toContainText("Current");
  await expect(history.filter({ hasText: `Record #${first}` }).filter({ hasNotText: `Record #${first + 1}` })).toContainText(`Superseded by #${first + 1}`);
});
