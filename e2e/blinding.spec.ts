import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import { responseOrder } from "@/lib/server/sets/responseOrder";
import { demoAccount, signIn } from "./fixtures";
import { createStudy, importSampleRatings, importStudyFiles, PROVIDER_MODEL } from "./vera-helpers";

/**
 * Blinding, tested from the outside: as a clinician, fetch every page (as HTML and as
 * a React server payload) and endpoint they can reach, plus other roles' pages and
 * endpoints, and search the raw bytes for what a clinician must never learn.
 */
const { bundle, calibrationSet } = demoCorpus();
const DEMO_SET = 1;
const [amara, jonas, mei] = [0, 1, 2].map((i) => demoAccount("clinician", i));
const inSet = new Set(calibrationSet.itemIds);
const numberOf = (clinicianId: string, responseId: string) => responseOrder(calibrationSet.seed, clinicianId, calibrationSet.responseIds).indexOf(responseId) + 1;

/** Other clinicians' rationales: three new ones each, plus theirs in the demo that Amara never wrote. */
function privateRationales() {
  const written = [jonas, mei].flatMap((account) =>
    bundle.labels
      .filter((l) => l.rater === account.id)
      .slice(0, 3)
      .map((label, k) => ({ account, label, rationale: `${account.name.split(" ")[0]} wrote this privately (${k + 1}): the warmth felt scripted.` })),
  );
  const amaraSaid = new Set(bundle.labels.filter((l) => l.rater === amara.id).map((l) => l.rationale));
  const demo = bundle.labels.filter((l) => l.rater !== amara.id && l.rationale && !amaraSaid.has(l.rationale)).map((l) => l.rationale ?? "");
  return { written, texts: [...written.map((w) => w.rationale), ...demo] };
}

/** Other clinicians' skips and ambiguity flags on the demo set, each with a comment only the lead and authors may read. */
function privateNotes() {
  return [jonas, mei].map((account, k) => {
    const label = bundle.labels.filter((l) => l.rater === account.id)[10 + k];
    const first = account.name.split(" ")[0];
    return {
      account,
      label,
      flag: `${first} flagged this privately: the criterion reads two ways.`,
      skip: `${first} skipped this privately: it was a hard day.`,
    };
  });
}

function secrets(otherRationales: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const r of bundle.responses) found.set(r.model, "a model id");
  for (const v of bundle.verdicts) {
    found.set(v.judge, "a judge id");
    if (v.rationale) found.set(v.rationale, "a judge's rationale");
  }
  for (const ref of bundle.references) if (inSet.has(ref.item)) found.set(ref.text, `the reference of ${ref.item}`);
  for (const item of bundle.items) if (inSet.has(item.id) && item.notes) found.set(item.notes, `the clinical notes of ${item.id}`);
  for (const id of calibrationSet.responseIds) found.set(id, "a stored response id");
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
  const rationales = privateRationales();
  const notes = privateNotes();
  const forbidden = secrets(rationales.texts);
  for (const note of notes) {
    forbidden.set(note.flag, "another clinician's ambiguity flag");
    forbidden.set(note.skip, "another clinician's skip");
  }
  expect(forbidden.size).toBeGreaterThan(100);

  // Jonas and Mei add rationales to verdicts they already gave (the verdicts stay as they were).
  for (const account of [jonas, mei]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, account);
    for (const { label, rationale } of rationales.written.filter((w) => w.account === account)) {
      const saved = await page.request.put("/api/labels", {
        data: { setId: DEMO_SET, number: numberOf(account.id, label.response), criterionId: label.criterion, verdict: label.verdict, rationale, givenAt: Date.now() },
      });
      expect(saved.status()).toBe(200);
    }
    // And a flag on one criterion and a skip of one response each.
    for (const { label, flag, skip } of notes.filter((n) => n.account === account)) {
      const number = numberOf(account.id, label.response);
      expect((await page.request.put("/api/labels/flag", { data: { setId: DEMO_SET, number, criterionId: label.criterion, comment: flag } })).status()).toBe(200);
      expect((await page.request.put("/api/labels/skip", { data: { setId: DEMO_SET, number, skip: { reason: "too_distressing", comment: skip } } })).status()).toBe(200);
    }
    await context.close();
  }

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, amara);
  const { found, scripts, scan } = scanner(page, forbidden);

  // Amara has labels in the demo set, so she is past its content notice: the labeling screen opens directly
  // (flags.spec.ts replays the notice's action on a set of its own).
  const early = await scan(`/label/${DEMO_SET}/1`);
  expect(early.url()).toMatch(new RegExp(`/label/${DEMO_SET}/1$`));

  for (const path of ["/", "/queue", `/queue/${DEMO_SET}`, "/support"]) expect((await scan(path)).status(), path).toBe(200);
  const total = calibrationSet.responseIds.length;
  for (let start = 1; start <= total; start += 6) {
    await Promise.all(
      Array.from({ length: Math.min(6, total - start + 1) }, async (_, k) => {
        const n = start + k;
        const html = await scan(`/label/${DEMO_SET}/${n}`);
        expect(html.status()).toBe(200);
        expect(await html.text()).toContain(`Response <!-- -->${n}<!-- --> of <!-- -->${total}`);
      }),
    );
  }
  // The search sees what is there: Amara's own rationale, in both forms of her page.
  const mine = bundle.labels.find((l) => l.rater === amara.id && l.rationale);
  const minePage = await bodies(page.request, `/label/${DEMO_SET}/${numberOf(amara.id, mine?.response ?? "")}`);
  const control = new Map([[mine?.rationale ?? "", "Amara's own rationale"]]);
  expect(leaks("html", await minePage.html.text(), control)).toHaveLength(1);
  expect(leaks("rsc", await minePage.rsc.text(), control)).toHaveLength(1);
  // Amara's own flag shows on her page: the search would see one of theirs.
  const ownFlag = "Amara flagged this for herself: unclear wording.";
  const flagged = notes[0].label;
  const flagNumber = numberOf(amara.id, flagged.response);
  expect((await page.request.put("/api/labels/flag", { data: { setId: DEMO_SET, number: flagNumber, criterionId: flagged.criterion, comment: ownFlag } })).status()).toBe(200);
  const flaggedPage = await bodies(page.request, `/label/${DEMO_SET}/${flagNumber}`);
  expect(leaks("own flag", await flaggedPage.html.text(), new Map([[ownFlag, "Amara's own flag"]]))).toHaveLength(1);
  found.push(...leaks(`/label/${DEMO_SET}/${flagNumber} (with Amara's own flag)`, await flaggedPage.html.text(), forbidden));
  expect((await page.request.put("/api/labels/flag", { data: { setId: DEMO_SET, number: flagNumber, criterionId: flagged.criterion, comment: null } })).status()).toBe(200);

  for (const path of [`/label/${DEMO_SET}/${total + 1}`, "/label/999/1", "/label/abc/1", "/queue/999"]) expect((await scan(path)).status(), path).toBe(404);
  const item = calibrationSet.itemIds[0];
  const authorPages = ["/items", "/revisions", `/items/${item}`, `/items/${item}/rubric`, `/items/${item}/reference`, `/items/${item}/history`];
  for (const path of ["/calibration", "/calibration/new", `/calibration/sets/${DEMO_SET}`, "/admin/users", "/admin/import", ...authorPages]) {
    expect((await scan(path)).status(), path).toBe(403);
  }
  for (const path of [`/calibration/sets/${DEMO_SET}/judges`, `/calibration/sets/${DEMO_SET}/report`, `/calibration/sets/${DEMO_SET}/freeze`]) await scan(path);
  const authorEndpoints = ["/api/items", `/api/items/${item}`, `/api/items/${item}/versions`, "/api/authoring/revision-stats"];
  for (const path of ["/api/bundle/export", `/calibration/sets/${DEMO_SET}/labels/bundle`, `/calibration/sets/${DEMO_SET}/labels/csv`, ...authorEndpoints]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    found.push(...leaks(path, await response.text(), forbidden));
  }
  found.push(...leaks("/api/auth/session", await (await page.request.get("/api/auth/session")).text(), forbidden));

  // The save endpoint's answers and errors: Amara's own verdict again, and bad requests.
  const own = bundle.labels.find((l) => l.rater === amara.id && inSet.has(bundle.responses.find((r) => r.id === l.response)?.item ?? ""));
  expect(own).toBeDefined();
  const unit = { setId: DEMO_SET, number: numberOf(amara.id, own?.response ?? ""), criterionId: own?.criterion ?? "", verdict: own?.verdict ?? true, givenAt: Date.now() };
  const otherItemCriterion = bundle.rubrics.find((r) => r.item !== bundle.responses.find((x) => x.id === own?.response)?.item)?.criteria[0].id ?? "";
  const saves = [
    { data: unit, status: 200 },
    { data: { ...unit, rationale: own?.rationale }, status: 200 },
    { data: { ...unit, criterionId: otherItemCriterion }, status: 400 },
    { data: { ...unit, number: total + 1 }, status: 404 },
    { data: { ...unit, setId: 999 }, status: 404 },
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

  // Leave the demo set as it was: the other clinicians take their skips and flags back.
  for (const { account, label } of notes) {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, account);
    const number = numberOf(account.id, label.response);
    expect((await otherPage.request.put("/api/labels/flag", { data: { setId: DEMO_SET, number, criterionId: label.criterion, comment: null } })).status()).toBe(200);
    expect((await otherPage.request.put("/api/labels/skip", { data: { setId: DEMO_SET, number, skip: null } })).status()).toBe(200);
    await other.close();
  }
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
