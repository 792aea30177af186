import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Request } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { addLabelledSet, openE2eDb } from "@/test/e2eDb";
import { addEndpoint, addJudges } from "@/test/runs";
import { demoAccount, signIn } from "./fixtures";

// The chat-completions stub the suite starts (playwright.config.ts), answering judge prompts with verdicts.
const LLM_URL = `http://127.0.0.1:${Number(process.env.E2E_LLM_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1)}/v1`;
const corpus = demoCorpus();
/** Items outside the demo set: runs on them leave the demo set's judges, report and panels as they were. */
const OUTSIDE = corpus.bundle.items.map((i) => i.id).filter((id) => !corpus.calibrationSet.itemIds.includes(id));

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A set labelled by three raters of its own, over items outside the demo set, written
 * straight into the e2e database (so the demo set's panels stay as the other specs
 * expect); with `judgeIds`, also the stub endpoint and those judges.
 */
function setUp(tag: string, items: readonly string[], judgeIds: string[], maxConcurrency = 4): { setName: string; setId: number; units: number } {
  const sqlite = openE2eDb();
  try {
    const db = { $client: sqlite };
    if (judgeIds.length > 0) addJudges(db, addEndpoint(db, LLM_URL, { name: `e2e stub ${tag}`, maxConcurrency }), ...judgeIds);
    const setName = `E2E runs ${tag}`;
    const setId = addLabelledSet(sqlite, setName, items);
    const { units } = sqlite
      .prepare(`SELECT count(*) AS units FROM calibration_set_responses csr JOIN responses r ON r.id = csr.response_id
        JOIN calibration_set_items csi ON csi.set_id = csr.set_id AND csi.item_id = r.item_id JOIN rubric_criteria rc ON rc.rubric_version_id = csi.rubric_version_id WHERE csr.set_id = ?`)
      .get(setId) as { units: number };
    return { setName, setId, units };
  } finally {
    sqlite.close();
  }
}

/** How many of a run's calls the worker holds (in flight, or taken and waiting). */
function callsRunning(runId: number): number {
  const sqlite = openE2eDb();
  try {
    return (sqlite.prepare("SELECT count(*) AS n FROM run_calls WHERE run_id = ? AND status = 'running'").get(runId) as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

async function startJudgeRun(page: Page, setName: string, judgeIds: string[]): Promise<Request> {
  await page.goto("/runs");
  await page.getByRole("link", { name: "New run" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New run" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Judge a calibration set" })).toBeChecked();
  await page.getByRole("combobox", { name: "Calibration set" }).selectOption({ label: setName });
  for (const id of judgeIds) await page.getByRole("checkbox", { name: new RegExp(`^${escape(id)} `) }).check();
  const [estimate] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && "next-action" in r.headers()),
    page.getByRole("button", { name: "Estimate" }).click(),
  ]);
  return estimate;
}

/** Adds the stub as an endpoint and judges on it with the default template, through the configuration pages. */
async function configure(page: Page, endpoint: string, judgeIds: string[]): Promise<void> {
  await page.goto("/runs/endpoints");
  await page.getByLabel("Name", { exact: true }).fill(endpoint);
  await page.getByLabel("Base URL").fill(LLM_URL);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Endpoint added." })).toBeVisible();
  await page.getByRole("navigation", { name: "Runs" }).getByRole("link", { name: "Judges" }).click();
  for (const judge of judgeIds) {
    await page.getByLabel("Judge id").fill(judge);
    await page.getByLabel("Endpoint").selectOption({ label: endpoint });
    await page.getByLabel("Model name").fill("stub-model");
    await page.getByLabel("Provider family").fill("stub");
    await page.getByRole("button", { name: "Add judge" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Judge added." })).toBeVisible();
  }
}

test("a lead adds the stub and two judges, runs them on a set with a progress bar, sees the report use their verdicts and freezes a panel whose record names the judges' settings", async ({ page, browser }) => {
  const tag = Date.now().toString(36);
  const judgeIds = [`e2e-a-${tag}`, `e2e-b-${tag}`];
  const { setName, setId, units } = setUp(tag, OUTSIDE.slice(0, 2), []);
  await signIn(page, demoAccount("lead"));
  await configure(page, `e2e stub ${tag}`, judgeIds);

  // An empty choice is refused next to the form, with the service's sentence.
  await page.goto("/runs/new");
  await page.getByRole("combobox", { name: "Calibration set" }).selectOption({ label: setName });
  await page.getByRole("button", { name: "Estimate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Some fields are not valid." })).toContainText("judges: choose at least one judge");

  const estimateRequest = await startJudgeRun(page, setName, judgeIds);
  const estimate = page.getByRole("table", { name: "Estimated calls, tokens and cost per judge or model" });
  for (const id of judgeIds) await expect(estimate.getByRole("row", { name: new RegExp(`^${escape(id)}`) })).toContainText(new RegExp(`e2e stub ${tag}\\s*${units}\\s*0\\s*[\\d,]+\\s*${(units * 60).toLocaleString("en-US")}\\s*—`));
  await expect(estimate.getByRole("row", { name: /^All/ })).toContainText(String(2 * units));
  await expect(page.getByText(/^How it is estimated: prompts rendered for up to \d+ calls per judge/)).toBeVisible();
  expect(await seriousViolations(page), "new run with its estimate").toEqual([]);

  // A clinician replaying the lead's estimate is refused.
  const clinicianContext = await browser.newContext();
  const clinician = await clinicianContext.newPage();
  await signIn(clinician, demoAccount("clinician"));
  const headers = estimateRequest.headers();
  const replayed = await clinician.request.post(estimateRequest.url(), {
    headers: { "next-action": headers["next-action"], "content-type": headers["content-type"], accept: "text/x-component" },
    data: estimateRequest.postData() ?? "",
  });
  expect(await replayed.text()).toContain('"status":403');
  await clinicianContext.close();

  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  const runId = Number(new URL(page.url()).pathname.split("/").pop());
  const overall = page.getByRole("progressbar", { name: "Calls with a stored result" });
  await expect(overall).toHaveAttribute("aria-valuemax", String(2 * units));
  await expect(overall).toHaveAttribute("aria-valuenow", String(2 * units), { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("Done");
  for (const id of judgeIds) await expect(page.getByRole("progressbar", { name: id })).toHaveAttribute("aria-valuenow", String(units));
  await expect(page.getByText(`${2 * units} done, 0 missing, 0 failed, 0 open`)).toBeVisible();
  await expect(page.getByText("No call has failed or come back unusable.")).toBeVisible();
  await expect(page.getByText("These results are simulated.")).toHaveCount(0);
  expect(await seriousViolations(page), "run page").toEqual([]);

  await page.goto("/runs");
  await expect(page.getByRole("row", { name: new RegExp(`^#${runId} `) })).toContainText(new RegExp(`Judge a calibration set\\s*Done\\s*${2 * units} of ${2 * units}\\s*0`));
  expect(await seriousViolations(page), "runs").toEqual([]);

  // The verdicts are the set's at once: both judges cover every unit, and the report uses them.
  await page.goto(`/calibration/sets/${setId}/judges`);
  const coverage = page.getByRole("table").filter({ hasText: "Each judge over the set" });
  for (const id of judgeIds) await expect(coverage.getByRole("row", { name: new RegExp(`^${escape(id)}`) })).toHaveText(new RegExp(`${escape(id)}\\s*${units}\\s*0\\s*0\\s*100\\.0%`));
  await page.goto(`/calibration/sets/${setId}/report`);
  const alone = page.getByRole("table", { name: /Each judge alone/ });
  for (const id of judgeIds) await expect(alone.getByRole("row", { name: new RegExp(`^${escape(id)}`) })).toContainText(/100\.0 %\s*yes/, { timeout: 30_000 });

  // A panel of one of them, frozen: the record says how to run it again.
  await page.goto(`/calibration/sets/${setId}/freeze?${new URLSearchParams({ judges: judgeIds[0], selection: "all", panelSize: "1", minCoverage: "0.95" })}`);
  await expect(page.getByLabel("Panel", { exact: true })).toHaveValue(judgeIds[0], { timeout: 30_000 });
  await page.getByLabel("Rationale").fill("The judge we ran, frozen to grade with.");
  await page.getByRole("checkbox", { name: "Freeze it while it is open" }).check();
  await page.getByRole("button", { name: "Freeze this panel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Frozen panel #\d+$/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${escape(judgeIds[0])}: stub-model on e2e stub ${tag}, family stub, temperature 0, max tokens 8192, template concord-default v1 \\(SHA-256 [0-9a-f]{12}…\\)$`))).toBeVisible();
});

test("a lead pauses a run right after starting it, is asked before cancelling, and resumes it to the end", async ({ page }) => {
  const tag = Date.now().toString(36);
  // One call at a time, each answered after 300 ms (the stub reads the delay from the model name): the run takes seconds.
  const judgeId = `e2e-slow-${tag}:delay-300ms`;
  const { setName, units } = setUp(`slow ${tag}`, OUTSIDE.slice(2, 4), [judgeId], 1);
  await signIn(page, demoAccount("lead"));
  await startJudgeRun(page, setName, [judgeId]);
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/\d+$/);
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("Paused");
  const overall = page.getByRole("progressbar", { name: "Calls with a stored result" });
  // The call in flight when the run paused is finished and stored, the ones the worker had
  // taken go back to the queue, and nothing new starts: no call of the run stays running.
  const runId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect.poll(() => callsRunning(runId), { timeout: 15_000 }).toBe(0);
  await page.reload();
  const paused = Number(await overall.getAttribute("aria-valuenow"));
  expect(paused).toBeLessThan(units);
  expect(callsRunning(runId)).toBe(0);
  await page.reload();
  await expect(overall).toHaveAttribute("aria-valuenow", String(paused));
  await expect(page.getByTestId("run-status")).toHaveText("Paused");

  await page.getByRole("button", { name: "Cancel run…" }).click();
  await expect(page.getByText("Cancel the run? Calls not yet made are dropped; every result stored so far stays.")).toBeVisible();
  await page.getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("Paused");

  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByTestId("run-status")).toHaveText(/Running|Done/);
  await expect(overall).toHaveAttribute("aria-valuenow", String(units), { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("Done");
});
