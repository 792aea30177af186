import { expect, test, type Browser, type Page } from "@playwright/test";
import { parseBundle } from "@/lib/bundle/parse";
import { clinicianAgreement } from "@/lib/calibration/clinicians";
import { calibrationInputFromBundle } from "@/lib/calibration/input";
import { buildUnitTable, dimensionsPresent } from "@/lib/calibration/units";
import { demoAccount, signIn } from "./fixtures";
import { criteria, seriousViolations, untilLive } from "./labeling-helpers";
import { buildScenario, type ScenarioAccount } from "./scenario";

const ITEMS = 2;
const RESPONSES = ITEMS * 2;
const RATIONALE = "I read this turn as only implying it.";
const CLOSED = "This calibration set is closed, so its labels can no longer change.";

/**
 * Each clinician's verdict on criterion j: Satisfied on even criteria, Not satisfied on
 * odd ones, except that the second clinician always flips the first criterion and the
 * third flips the second criterion of their first response — so the clinicians mostly
 * agree and split on a few units.
 */
function verdictOf(clinician: number, response: number, j: number): boolean {
  const base = j % 2 === 0;
  if (clinician === 1 && j === 0) return !base;
  if (clinician === 2 && response === 1 && j === 1) return !base;
  return base;
}

async function openLabeling(browser: Browser, account: ScenarioAccount, clinician: number, setId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  await page.goto(`/queue/${setId}`);
  await expect(page.getByRole("heading", { name: "Before you begin: a content notice" })).toBeVisible();
  if (clinician === 0) expect(await seriousViolations(page), "content notice").toEqual([]);
  await page.getByRole("button", { name: /I understand/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Response 1 of ${RESPONSES}` })).toBeVisible();
  await untilLive(page);
  return { context, page };
}

/** Gives every verdict of the response on screen with the keyboard and waits until all are saved. */
async function labelResponse(page: Page, clinician: number, response: number) {
  const groups = criteria(page);
  const count = await groups.count();
  expect(count).toBeGreaterThan(1);
  for (let j = 0; j < count; j++) {
    await page.keyboard.press(verdictOf(clinician, response, j) ? "y" : "n");
    if (clinician === 2 && response === 1 && j === 1) {
      await page.keyboard.press("k");
      await page.keyboard.press("r");
      await page.keyboard.type(RATIONALE);
      await page.keyboard.press("Enter");
      await expect(groups.nth(1)).toContainText(RATIONALE);
      await page.keyboard.press("j");
    }
  }
  for (let j = 0; j < count; j++) {
    await expect(groups.nth(j).getByRole("button", { name: verdictOf(clinician, response, j) ? "Satisfied" : "Not satisfied", exact: true })).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByRole("status").filter({ hasText: "All your verdicts are saved." })).toBeVisible();
}

test("three clinicians label a set in parallel by keyboard; the lead sees consensus and κ, closes it, and labels lock", async ({ browser }) => {
  test.setTimeout(180_000);
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  const scenario = await buildScenario(lead, { name: "E2E parallel labeling", items: ITEMS, perItem: 2, clinicians: 3 });
  const { setId } = scenario;

  const clinicians = await Promise.all(scenario.clinicians.map((account, c) => openLabeling(browser, account, c, setId)));
  await Promise.all(
    clinicians.map(async ({ context, page }, c) => {
      for (let response = 1; response <= RESPONSES; response++) {
        if (c === 0 && response === 1) {
          expect(await seriousViolations(page), "labeling screen").toEqual([]);
          await page.keyboard.press("?");
          await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
          expect(await seriousViolations(page), "shortcuts overlay").toEqual([]);
          await page.keyboard.press("Escape");
          await expect(page.getByRole("dialog")).toHaveCount(0);
        }
        if (c === 0 && response === 2) {
          // The server is unreachable while the first verdict is given; it is kept and sent when it is back.
          await context.setOffline(true);
          await page.keyboard.press(verdictOf(c, response, 0) ? "y" : "n");
          await expect(criteria(page).first()).toContainText("Not saved yet: no connection");
          await expect(page.getByRole("status").filter({ hasText: "not saved yet" })).toBeVisible();
          await context.setOffline(false);
          await expect(criteria(page).first()).toContainText("Saved");
          await page.reload();
          await expect(criteria(page).first().getByRole("button", { name: verdictOf(c, response, 0) ? "Satisfied" : "Not satisfied", exact: true })).toHaveAttribute("aria-pressed", "true");
          // The reloaded page shows its verdicts before its script listens: a key pressed earlier is lost.
          await untilLive(page);
          await page.keyboard.press("ArrowUp");
        }
        if (c === 1 && response === 3) {
          // A break reminder after a long stretch (stored as if it began 46 minutes ago).
          await page.evaluate((userId) => {
            const now = Date.now();
            localStorage.setItem(`concord:stretch:${userId}`, JSON.stringify({ startedAt: now - 46 * 60_000, lastActiveAt: now - 60_000 }));
          }, scenario.clinicians[1].id);
        }
        await labelResponse(page, c, response);
        if (c === 1 && response === 3) await expect(page.getByRole("heading", { name: "Time for a short break?" })).toBeVisible();
        await page.keyboard.press("ArrowRight");
        if (response < RESPONSES) {
          await expect(page.getByRole("heading", { level: 1, name: `Response ${response + 1} of ${RESPONSES}` })).toBeVisible();
          // The next response is shown before its keyboard listener is attached: wait for it, or the first verdict is lost.
          await untilLive(page);
        }
      }
      await expect(page).toHaveURL(`/queue/${setId}`);
      await expect(page.getByRole("progressbar", { name: "Responses done" })).toHaveAttribute("aria-valuetext", `${RESPONSES} of ${RESPONSES}`);
      if (c === 0) expect(await seriousViolations(page), "queue").toEqual([]);
    }),
  );

  // The lead's figures are the engine's, on exactly the labels the clinicians gave.
  await lead.goto(`/calibration/sets/${setId}`);
  const exported = await lead.request.get(`/calibration/sets/${setId}/labels/bundle`);
  expect(exported.status()).toBe(200);
  const bundle = parseBundle(await exported.text());
  expect(bundle.issues).toEqual([]);
  expect(new Set(bundle.bundle.labels.map((l) => l.rater))).toEqual(new Set(scenario.clinicians.map((a) => a.id)));
  const table = buildUnitTable(calibrationInputFromBundle(bundle.bundle));
  const expected = clinicianAgreement(table, dimensionsPresent(table));
  expect(expected.fleiss_kappa).not.toBeNull();
  const overall = lead.getByRole("row", { name: /^All dimensions/ });
  await expect(overall).toContainText(`${expected.units}`);
  await expect(overall).toContainText((expected.fleiss_kappa ?? 0).toFixed(3));
  await expect(overall).toContainText((expected.gwet_ac1 ?? 0).toFixed(3));
  await expect(lead.getByRole("definition").filter({ hasText: `${table.count} of ${table.count}` })).toBeVisible();
  for (const account of scenario.clinicians) {
    await expect(lead.getByRole("progressbar", { name: `${account.name}: responses done` })).toHaveAttribute("aria-valuetext", `${RESPONSES} of ${RESPONSES}`);
  }
  const split = lead.getByRole("group").filter({ hasText: RATIONALE }).first();
  await split.locator("summary").first().click();
  await expect(split.getByText(`“${RATIONALE}”`)).toBeVisible();
  // The split's response opens in place, under its criterion, with the graded turn marked.
  const row = split.getByRole("row").filter({ hasText: RATIONALE });
  await row.getByText(/^Read /).click();
  await expect(row.getByText("Assistant — the graded turn")).toBeVisible();
  await expect(row.getByText(/^Criterion:/)).toBeVisible();
  // Criteria by how often the clinicians split on them: the flipped first criteria split on every response.
  const rates = lead.getByRole("table", { name: /Criteria by split rate/ });
  await expect(rates.getByRole("row").nth(1)).toContainText("2 of 2100.0%");
  expect(await seriousViolations(lead), "set page").toEqual([]);

  // One clinician keeps a response open while the lead closes the set.
  const stale = clinicians[2].page;
  await stale.goto(`/label/${setId}/1`);
  await expect(criteria(stale).first().getByRole("button", { name: "Satisfied", exact: true })).toBeEnabled();

  await lead.getByRole("button", { name: "Close the set…" }).click();
  await lead.getByRole("button", { name: "Yes, close the set" }).click();
  await expect(lead.getByText(/Closed .*: labels are locked/)).toBeVisible();

  // A clinician still on an open-looking screen is refused by the server, and told so.
  const { page } = clinicians[0];
  await page.goto(`/label/${setId}/1`);
  await expect(page.getByText("The lead has closed this calibration set, so its labels are locked.")).toBeVisible();
  await expect(criteria(page).first().getByRole("button", { name: "Satisfied", exact: true })).toBeDisabled();
  const firstCriterion = (await criteria(page).first().getAttribute("data-criterion")) ?? "";
  const refused = await page.request.put("/api/labels", { data: { setId, number: 1, criterionId: firstCriterion, verdict: false, givenAt: Date.now() } });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ error: CLOSED });

  await stale.keyboard.press(verdictOf(2, 1, 0) ? "n" : "y");
  await expect(criteria(stale).first()).toContainText(`Not saved: ${CLOSED} Your earlier verdict stands.`);
  // The refused verdict is not left showing as chosen: the stored one is selected again.
  const stored = verdictOf(2, 1, 0) ? "Satisfied" : "Not satisfied";
  const refusedChoice = verdictOf(2, 1, 0) ? "Not satisfied" : "Satisfied";
  await expect(criteria(stale).first().getByRole("button", { name: stored, exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(criteria(stale).first().getByRole("button", { name: refusedChoice, exact: true })).toHaveAttribute("aria-pressed", "false");

  for (const { context } of clinicians) await context.close();
  await leadContext.close();
});

test("the graded turn stays in view, a resumed response opens on its open criterion, a rationale saves once, and the notice shows once", async ({ browser }) => {
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  const { setId, clinicians } = await buildScenario(lead, { name: "E2E long rubric", clinicians: 2 });
  await leadContext.close();

  // The demo set arrives with its clinicians' labels: they are past its content notice.
  const demoContext = await browser.newContext();
  const demo = await demoContext.newPage();
  await signIn(demo, demoAccount("clinician"));
  await demo.goto("/queue");
  await demo.getByRole("link", { name: "Demo calibration set" }).click();
  await expect(demo).toHaveURL(/\/queue\/\d+$/);
  await expect(demo.getByRole("link", { name: /^(Resume at response \d+|Review your verdicts)$/ })).toBeVisible();
  await expect(demo.getByRole("heading", { name: "Before you begin: a content notice" })).toHaveCount(0);
  await demoContext.close();

  // A laptop-sized window, so the criteria run well below the fold.
  const context = await browser.newContext({ viewport: { width: 1280, height: 640 } });
  const page = await context.newPage();
  await signIn(page, clinicians[0]);
  await page.goto(`/queue/${setId}`);
  await page.getByRole("button", { name: /I understand/ }).click();
  await expect(page).toHaveURL(`/label/${setId}/1`);
  await untilLive(page);
  const groups = criteria(page);
  const count = await groups.count();
  expect(count).toBeGreaterThanOrEqual(5);
  const graded = page.getByRole("region", { name: "Dialogue" }).locator("[data-graded]");
  for (let j = 0; j < count - 1; j++) await page.keyboard.press("y");
  await expect(groups.nth(count - 1)).toBeInViewport();
  await expect(graded).toBeInViewport({ ratio: 0.5 });

  // Enter in the rationale sends one save, not two.
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().endsWith("/api/labels")) puts.push(request.postData() ?? "");
  });
  await expect(page.getByRole("status").filter({ hasText: "All your verdicts are saved." })).toBeVisible();
  await page.keyboard.press("k");
  await page.keyboard.press("r");
  await page.keyboard.type("Named, though late.");
  await page.keyboard.press("Enter");
  await expect(groups.nth(count - 2)).toContainText("Rationale: Named, though late.");
  await expect(page.getByRole("status").filter({ hasText: "All your verdicts are saved." })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(puts).toHaveLength(1);

  // Back on the response later: it opens on the one criterion still without a verdict, in view.
  await page.goto(`/queue/${setId}`);
  await page.goto(`/label/${setId}/1`);
  await expect(page.locator("li[aria-current=true]")).toContainText(`${count} of ${count}`);
  await expect(groups.nth(count - 1)).toBeInViewport();
  await expect(graded).toBeInViewport({ ratio: 0.5 });
  await context.close();
});
