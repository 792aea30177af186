import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { responseOrder } from "@/lib/server/sets/responseOrder";
import type { LabelRecord, VerdictRecord } from "@/lib/bundle/schema";
import { demoAccount, signIn } from "./fixtures";
import { buildScenario, importRecords, type Scenario } from "./scenario";
import { createStudy, importSampleRatings, importStudyFiles, PROVIDER_MODEL } from "./vera-helpers";

/**
 * Blinding, tested from the outside: as a clinician, fetch every page (as HTML and as
 * a React server payload) and endpoint they can reach, plus other roles' pages and
 * endpoints, and search the raw bytes for what a clinician must never learn.
 */
const { bundle } = demoCorpus();
const [amara, jonas, mei] = [0, 1, 2].map((i) => demoAccount("clinician", i));
const SEED = 20260714;

/** Every clinician's verdict on every unit of the scenario, with a few rationales, and two demo judges' verdicts with theirs. */
function scenarioRecords(scenario: Scenario) {
  const units = scenario.items.flatMap((item) => scenario.responses.filter((r) => r.startsWith(`${item.id}-`)).flatMap((response) => item.criteria.map((criterion) => ({ response, criterion }))));
  const labels: LabelRecord[] = scenario.clinicians.flatMap((account, c) =>
    units.map(({ response, criterion }, u) => ({
      kind: "label" as const,
      rater: account.id,
      response,
      criterion,
      verdict: (u + c) % 3 !== 0,
      ...(u % 7 === c ? { rationale: `${account.name.split(" ")[0]} noted on unit ${u}: the reply stayed with the feeling.` } : {}),
    })),
  );
  const verdicts: VerdictRecord[] = ["judge-01", "judge-02"].flatMap((judge, k) =>
    units.map(({ response, criterion }, u) => ({ kind: "verdict" as const, judge, response, criterion, verdict: (u + k) % 2 === 0, ...(u % 5 === 0 ? { rationale: `${judge} on unit ${u} of ${scenario.tag}.` } : {}) })),
  );
  return { labels, verdicts };
}

/** A scenario clinician's number for a response of the scenario's set. */
const numberOf = (scenario: Scenario, clinicianId: string, responseId: string) => responseOrder(SEED, clinicianId, scenario.responses).indexOf(responseId) + 1;

function secrets(scenario: Scenario, verdicts: readonly VerdictRecord[], otherRationales: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const r of bundle.responses) found.set(r.model, "a model id");
  for (const v of [...bundle.verdicts, ...verdicts]) {
    found.set(v.judge, "a judge id");
    if (v.rationale) found.set(v.rationale, "a judge's rationale");
  }
  for (const text of scenario.hidden) found.set(text, "a reference or clinical notes");
  for (const id of scenario.responses) found.set(id, "a stored response id");
  for (const text of otherRationales) found.set(text, "another clinician's rationale");
  return found;
}

const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The body as served, as a browser reads it, and the React server payload inlined in it, joined. */
function readable(body: string): string {
  const flight = [...body.matchAll(/self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g)]
    .map((m) => JSON.parse(m[1]) as unknown[])
    .map((chunk) => (typeof chunk[1] === "string" ? chunk[1] : ""))
    .join("");
  return [body, unescapeHtml(body), flight].join("\n\u0000\n");
}

function leaks(where: string, body: string, forbidden: Map<string, string>): string[] {
  const text = readable(body);
  const out: string[] = [];
  for (const [secret, what] of forbidden) {
    if (text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1))) out.push(`${where}: ${what} (${secret.slice(0, 40)})`);
  }
  return out;
}

async function bodies(request: APIRequestContext, path: string): Promise<{ html: APIResponse; rsc: APIResponse }> {
  const [html, rsc] = await Promise.all([request.get(path), request.get(path, { headers: { RSC: "1" } })]);
  return { html, rsc };
}

/** Fetches pages as the signed-in clinician, collecting every leak and the scripts the pages load. */
function scanner(page: Page, forbidden: Map<string, string>) {
  const found: string[] = [];
  const scripts = new Set<string>();
  const scan = async (path: string) => {
    const { html, rsc } = await bodies(page.request, path);
    const text = await html.text();
    for (const [, src] of text.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)) scripts.add(src);
    found.push(...leaks(path, text, forbidden), ...leaks(`${path} (RSC)`, await rsc.text(), forbidden));
    return html;
  };
  return { found, scripts, scan };
}

test("nothing a clinician can reach names a model, a judge, a reference, clinical notes or another clinician's rationale", async ({ browser }) => {
  test.setTimeout(180_000);
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  const scenario = await buildScenario(lead, { name: "E2E blinding", items: 3, perItem: 2, clinicians: 3 });
  const { labels, verdicts } = scenarioRecords(scenario);
  await importRecords(lead, [...labels, ...verdicts]);
  await leadContext.close();
  const { setId } = scenario;
  const [own, ...others] = scenario.clinicians;

  // The others' rationales: three new ones each, on verdicts they already gave, plus the imported ones.
  const written = others.flatMap((account) =>
    labels
      .filter((l) => l.rater === account.id && !l.rationale)
      .slice(0, 3)
      .map((label, k) => ({ account, label, rationale: `${account.name.split(" ")[0]} wrote this privately (${k + 1}): the warmth felt scripted.` })),
  );
  const imported = labels.filter((l) => l.rater !== own.id && l.rationale).map((l) => l.rationale ?? "");
  // And a skip and an ambiguity flag each, with comments only the lead and authors may read.
  const notes = others.map((account, k) => {
    const first = account.name.split(" ")[0];
    const label = labels.filter((l) => l.rater === account.id)[10 + k];
    return { account, label, flag: `${first} flagged this privately: the criterion reads two ways.`, skip: `${first} skipped this privately: it was a hard day.` };
  });
  const forbidden = secrets(scenario, verdicts, [...written.map((w) => w.rationale), ...imported]);
  for (const note of notes) {
    forbidden.set(note.flag, "another clinician's ambiguity flag");
    forbidden.set(note.skip, "another clinician's skip");
  }
  // Beyond the scenario's own texts and ids, every model, judge and judge rationale the demo and the scenario name.
  expect(forbidden.size).toBeGreaterThan(scenario.hidden.length + scenario.responses.length + written.length + imported.length + 2 * notes.length + 10);

  for (const account of others) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, account);
    for (const { label, rationale } of written.filter((w) => w.account === account)) {
      const saved = await page.request.put("/api/labels", {
        data: { setId, number: numberOf(scenario, account.id, label.response), criterionId: label.criterion, verdict: label.verdict, rationale, givenAt: Date.now() },
      });
      expect(saved.status()).toBe(200);
    }
    for (const { label, flag, skip } of notes.filter((n) => n.account === account)) {
      const number = numberOf(scenario, account.id, label.response);
      expect((await page.request.put("/api/labels/flag", { data: { setId, number, criterionId: label.criterion, comment: flag } })).status()).toBe(200);
      expect((await page.request.put("/api/labels/skip", { data: { setId, number, skip: { reason: "too_distressing", comment: skip } } })).status()).toBe(200);
    }
    await context.close();
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, own);
  const { found, scripts, scan } = scanner(page, forbidden);

  // She has labels in the set, so she is past its content notice: the labeling screen opens directly
  // (flags.spec.ts replays the notice's action on a set without her labels).
  const early = await scan(`/label/${setId}/1`);
  expect(early.url()).toMatch(new RegExp(`/label/${setId}/1$`));

  for (const path of ["/", "/queue", `/queue/${setId}`, "/support"]) expect((await scan(path)).status(), path).toBe(200);
  const total = scenario.responses.length;
  await Promise.all(
    Array.from({ length: total }, async (_, k) => {
      const html = await scan(`/label/${setId}/${k + 1}`);
      expect(html.status()).toBe(200);
      expect(await html.text()).toContain(`Response <!-- -->${k + 1}<!-- --> of <!-- -->${total}`);
    }),
  );
  // The search sees what is there: her own rationale, in both forms of her page.
  const mine = labels.find((l) => l.rater === own.id && l.rationale);
  const minePage = await bodies(page.request, `/label/${setId}/${numberOf(scenario, own.id, mine?.response ?? "")}`);
  const control = new Map([[mine?.rationale ?? "", "her own rationale"]]);
  expect(leaks("html", await minePage.html.text(), control)).toHaveLength(1);
  expect(leaks("rsc", await minePage.rsc.text(), control)).toHaveLength(1);
  // Her own flag shows on her page: the search would see one of theirs.
  const ownFlag = "Flagged for herself: unclear wording.";
  const flagged = notes[0].label;
  const flagNumber = numberOf(scenario, own.id, flagged.response);
  expect((await page.request.put("/api/labels/flag", { data: { setId, number: flagNumber, criterionId: flagged.criterion, comment: ownFlag } })).status()).toBe(200);
  const flaggedPage = await bodies(page.request, `/label/${setId}/${flagNumber}`);
  expect(leaks("own flag", await flaggedPage.html.text(), new Map([[ownFlag, "her own flag"]]))).toHaveLength(1);
  found.push(...leaks(`/label/${setId}/${flagNumber} (with her own flag)`, await flaggedPage.html.text(), forbidden));

  for (const path of [`/label/${setId}/${total + 1}`, "/label/999999/1", "/label/abc/1", "/queue/999999"]) expect((await scan(path)).status(), path).toBe(404);
  const item = scenario.items[0].id;
  const authorPages = ["/items", "/revisions", `/items/${item}`, `/items/${item}/rubric`, `/items/${item}/reference`, `/items/${item}/history`];
  for (const path of ["/calibration", "/calibration/new", `/calibration/sets/${setId}`, "/admin/users", "/admin/import", ...authorPages]) {
    expect((await scan(path)).status(), path).toBe(403);
  }
  for (const path of [`/calibration/sets/${setId}/judges`, `/calibration/sets/${setId}/report`, `/calibration/sets/${setId}/freeze`]) await scan(path);
  const authorEndpoints = ["/api/items", `/api/items/${item}`, `/api/items/${item}/versions`, "/api/authoring/revision-stats"];
  for (const path of ["/api/bundle/export", `/calibration/sets/${setId}/labels/bundle`, `/calibration/sets/${setId}/labels/csv`, ...authorEndpoints]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    found.push(...leaks(path, await response.text(), forbidden));
  }
  found.push(...leaks("/api/auth/session", await (await page.request.get("/api/auth/session")).text(), forbidden));

  // The save endpoint's answers and errors: her own verdict again, and bad requests.
  const label = labels.find((l) => l.rater === own.id) as LabelRecord;
  const unit = { setId, number: numberOf(scenario, own.id, label.response), criterionId: label.criterion, verdict: label.verdict, givenAt: Date.now() };
  const otherItemCriterion = scenario.items.find((i) => !label.response.startsWith(`${i.id}-`))?.criteria[0] ?? "";
  const saves = [
    { data: unit, status: 200 },
    { data: { ...unit, rationale: "Said again, with a rationale." }, status: 200 },
    { data: { ...unit, criterionId: otherItemCriterion }, status: 400 },
    { data: { ...unit, number: total + 1 }, status: 404 },
    { data: { ...unit, setId: 999999 }, status: 404 },
    { data: { ...unit, verdict: "yes" }, status: 400 },
    // A body that is not sent as JSON is refused before the route (proxy.ts).
    { data: "not json", status: 415 },
  ];
  for (const save of saves) {
    const response = await page.request.put("/api/labels", { data: save.data });
    expect(response.status(), JSON.stringify(save.data)).toBe(save.status);
    found.push(...leaks(`PUT /api/labels ${JSON.stringify(save.data).slice(0, 60)}`, await response.text(), forbidden));
  }

  // The scripts those pages load.
  expect(scripts.size).toBeGreaterThan(0);
  for (const src of scripts) found.push(...leaks(src, await (await page.request.get(src)).text(), forbidden));

  expect(found).toEqual([]);
  await context.close();
});

test("nothing a clinician can reach in a flow study names the provider or user model, the persona, the conversation or another rater", async ({ browser }) => {
  test.setTimeout(180_000);
  const rubricName = `Blinding ${Date.now().toString(36)}`;
  const lead = await browser.newContext();
  const leadPage = await lead.newPage();
  await signIn(leadPage, demoAccount("lead"));
  await importStudyFiles(leadPage, rubricName);
  const studyId = await createStudy(leadPage, `Blinding study ${Date.now().toString(36)}`, rubricName, "guided");
  await importSampleRatings(leadPage);
  await lead.close();

  // Jonas answers the first question of his first conversation.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, jonas);
  await otherPage.goto(`/conversations/${studyId}`);
  await otherPage.getByRole("button", { name: /I understand/ }).click();
  await expect(otherPage).toHaveURL(new RegExp(`/conversations/${studyId}/\\d+$`));
  await expect(async () => {
    await otherPage.keyboard.press("y");
    await expect(otherPage.getByRole("status").filter({ hasText: "All your answers are saved." })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await other.close();

  const forbidden = new Map<string, string>([
    [PROVIDER_MODEL, "the provider model"],
    ["model-x", "a ratings file's provider model"],
    ["model-y", "a ratings file's provider model"],
    ["sim-user-1", "the user model"],
    ["Avery", "a persona"],
    ["489d9d", "a conversation id"],
    ["7f9696", "a conversation id"],
    ["_run1", "a transcript's file name"],
    ["rater_a", "an imported rater"],
    ["rater_d", "an imported rater"],
    [jonas.id, "another clinician"],
    [mei.id, "another clinician"],
  ]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, amara);
  const { found, scripts, scan } = scanner(page, forbidden);
  // Before the content notice, the rating screen sends the clinician to it.
  expect((await scan(`/conversations/${studyId}/1`)).url()).toMatch(new RegExp(`/conversations/${studyId}$`));
  await page.goto(`/conversations/${studyId}`);
  await page.getByRole("button", { name: /I understand/ }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${studyId}/\\d+$`));
  await expect(async () => {
    await page.keyboard.press("n");
    await expect(page.getByRole("status").filter({ hasText: "All your answers are saved." })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  for (const path of ["/conversations", `/conversations/${studyId}`, `/conversations/${studyId}/1`, `/conversations/${studyId}/2`]) expect((await scan(path)).status(), path).toBe(200);
  expect(await (await scan(`/conversations/${studyId}/1`)).text()).toContain("Conversation <!-- -->1<!-- --> of <!-- -->2");
  for (const path of [`/conversations/${studyId}/3`, "/conversations/999999/1"]) expect((await scan(path)).status(), path).toBe(404);
  for (const path of ["/studies", "/studies/import", `/studies/${studyId}`]) expect((await scan(path)).status(), path).toBe(403);
  for (const path of [`/studies/${studyId}/results.csv`, `/studies/${studyId}/scores.json`]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    found.push(...leaks(path, await response.text(), forbidden));
  }
  for (const src of scripts) found.push(...leaks(src, await (await page.request.get(src)).text(), forbidden));
  expect(found).toEqual([]);
  await context.close();
});
