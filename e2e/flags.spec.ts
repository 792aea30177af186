import { expect, test } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";
import { criteria, seriousViolations, untilLive } from "./labeling-helpers";
import { buildScenario } from "./scenario";

const FLAG = "E2E flag: does naming the feeling count as identifying the risk?";
const SKIP = "E2E skip: too close to my own week.";

test("a clinician flags a criterion and skips a response; the lead and the author see them, other clinicians never do", async ({ browser }) => {
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  const { setId, items, clinicians } = await buildScenario(lead, { name: "E2E flags and skips", perItem: 2, clinicians: 2 });
  const item = items[0].id;
  const [amaraAccount, jonasAccount] = clinicians;

  const amaraContext = await browser.newContext();
  const amara = await amaraContext.newPage();
  await signIn(amara, amaraAccount);
  await amara.goto(`/queue/${setId}`);
  await amara.getByRole("button", { name: /I understand/ }).click();
  await expect(amara).toHaveURL(`/label/${setId}/1`);
  await untilLive(amara);

  // A flag beside a verdict: the verdict is given as usual, the flag is its own note.
  await amara.keyboard.press("y");
  const first = criteria(amara).first();
  await first.getByRole("button", { name: "Flag as ambiguous" }).click();
  await first.getByLabel("What is ambiguous about this criterion?").fill(FLAG);
  await first.getByRole("button", { name: "Save the flag" }).click();
  await expect(first).toContainText(`You flagged this criterion as ambiguous: “${FLAG}”`);
  await expect(first).toContainText("Saved");
  expect(await seriousViolations(amara), "labeling screen with a flag").toEqual([]);

  // A skip of the second (last) response: it leads back to the queue, counted apart.
  await amara.goto(`/label/${setId}/2`);
  await amara.getByText("I can't judge this response…").click();
  const skipForm = amara.getByRole("form", { name: "Skip this response" });
  await skipForm.getByLabel("Too distressing to judge").check();
  await skipForm.getByLabel("Comment for the lead (optional)").fill(SKIP);
  expect(await seriousViolations(amara), "skip form").toEqual([]);
  await skipForm.getByRole("button", { name: "Skip it and go on" }).click();
  await expect(amara).toHaveURL(`/queue/${setId}`);
  await expect(amara.getByText("1 response skipped (not counted as done).")).toBeVisible();
  await expect(amara.getByRole("link", { name: /Response 2/ })).toContainText("Skipped");
  await expect(amara.getByRole("progressbar", { name: "Responses done" })).toHaveAttribute("aria-valuetext", "0 of 2");
  // Taken back and given again.
  await amara.goto(`/label/${setId}/2`);
  await expect(amara.getByText("You skipped this response")).toBeVisible();
  await amara.getByRole("button", { name: "Take the skip back and label it" }).click();
  await expect(amara.getByText("I can't judge this response…")).toBeVisible();
  await amara.getByText("I can't judge this response…").click();
  await skipForm.getByLabel("Comment for the lead (optional)").fill(SKIP);
  await skipForm.getByRole("button", { name: "Skip it and go on" }).click();
  await expect(amara).toHaveURL(`/queue/${setId}`);

  // Another clinician on the same two responses sees neither, not even in the page's bytes.
  const jonasContext = await browser.newContext();
  const jonas = await jonasContext.newPage();
  await signIn(jonas, jonasAccount);
  await jonas.goto(`/queue/${setId}`);
  const [action] = await Promise.all([
    jonas.waitForRequest((r) => r.method() === "POST" && "next-action" in r.headers()),
    jonas.getByRole("button", { name: /I understand/ }).click(),
  ]);
  await expect(jonas).toHaveURL(`/label/${setId}/1`);
  // The content notice action's own answer (it renders the first response), replayed.
  const replayed = await jonas.request.post(action.url(), {
    headers: { "next-action": action.headers()["next-action"], "content-type": action.headers()["content-type"], accept: "text/x-component" },
    data: action.postData() ?? "",
    maxRedirects: 0,
  });
  const answer = await replayed.text();
  expect(answer).not.toContain(FLAG);
  expect(answer).not.toContain(SKIP);
  for (const n of [1, 2]) {
    const variants: Record<string, string>[] = [{}, { RSC: "1" }];
    for (const headers of variants) {
      const body = await (await jonas.request.get(`/label/${setId}/${n}`, { headers })).text();
      expect(body).not.toContain(FLAG);
      expect(body).not.toContain(SKIP);
      expect(body).not.toContain("You skipped this response");
      expect(body).not.toContain("You flagged this criterion");
    }
  }
  const queue = await (await jonas.request.get(`/queue/${setId}`)).text();
  expect(queue).not.toContain("Skipped");
  for (const path of [`/calibration/sets/${setId}`, `/items/${item}`]) expect((await jonas.goto(path))?.status(), path).toBe(403);

  // The lead sees both on the set's page, with who.
  await lead.goto(`/calibration/sets/${setId}`);
  const section = lead.getByRole("region", { name: "Skips and ambiguity flags" });
  await expect(section).toContainText(`${amaraAccount.name}: “${FLAG}”`);
  await expect(section.getByRole("row", { name: new RegExp(item) })).toContainText(`Too distressing to judge“${SKIP}”`);
  await expect(lead.getByText("1 response skipped (not counted as done).")).toBeVisible();
  expect(await seriousViolations(lead), "set page with flags").toEqual([]);

  // The author sees them on the item's page, without the clinician's name.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signIn(author, demoAccount("author"));
  await author.goto(`/items/${item}`);
  const flags = author.getByRole("region", { name: "Clinicians' flags" });
  await expect(flags).toContainText(FLAG);
  await expect(flags).toContainText(SKIP);
  await expect(flags).not.toContainText(amaraAccount.name);
  expect(await seriousViolations(author), "item page with flags").toEqual([]);

  // Only clinicians write them: the lead and the author are refused by the server.
  for (const page of [lead, author]) {
    const skip = await page.request.put("/api/labels/skip", { data: { setId, number: 1, skip: { reason: "cannot_judge" } } });
    expect(skip.status()).toBe(403);
    const flag = await page.request.put("/api/labels/flag", { data: { setId, number: 1, criterionId: "x", comment: "x" } });
    expect(flag.status()).toBe(403);
  }
  for (const context of [leadContext, amaraContext, jonasContext, authorContext]) await context.close();
});
