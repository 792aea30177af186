import { expect, test, type Page, type Request } from "@playwright/test";
import { subcategoryLabel } from "@/lib/taxonomy";
import { demoAccount, demoSetItems, signIn } from "./fixtures";
import { chooseDemoClinicians, seriousViolations } from "./labeling-helpers";
import { uniqueTag } from "./scenario";

/** Sends a captured server-action request again with another session, and returns the raw answer. */
async function replay(page: Page, request: Request, edit: (body: string) => string = (b) => b): Promise<string> {
  const headers = request.headers();
  const response = await page.request.post(request.url(), {
    headers: { "next-action": headers["next-action"], "content-type": headers["content-type"], accept: "text/x-component" },
    data: edit(request.postData() ?? ""),
  });
  return response.text();
}

const isAction = (request: Request) => request.method() === "POST" && "next-action" in request.headers();

test("a lead hand-picks items, sees the composition, creates and closes a set; clinicians and authors replaying those actions get 403", async ({ browser }) => {
  const tag = uniqueTag();
  const [picked, stillOpen] = [`E2E hand-picked ${tag}`, `E2E still open ${tag}`];
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await signIn(lead, demoAccount("lead"));
  await lead.goto("/calibration");
  await lead.getByRole("link", { name: "Draw a new calibration set" }).click();
  await lead.getByRole("textbox", { name: "Name" }).fill(picked);
  await lead.getByRole("radio", { name: "Pick items by hand" }).check();
  // Two items of the demo set: its clinicians labeled them there, none here.
  const picks = demoSetItems().slice(-2);
  for (const { id } of picks) {
    await lead.getByRole("searchbox", { name: "Filter items" }).fill(id);
    await lead.getByRole("checkbox", { name: `Pick ${id}` }).check();
  }
  await lead.getByRole("spinbutton", { name: "Responses per item" }).fill("3");
  await chooseDemoClinicians(lead);
  const [preview] = await Promise.all([lead.waitForRequest(isAction), lead.getByRole("button", { name: "Preview the set" }).click()]);
  await expect(lead.getByText("2 items, 6 responses, 3 clinicians")).toBeVisible();
  const turns = lead.getByRole("table", { name: "Turns" });
  await expect(turns.getByRole("row")).not.toHaveCount(0);
  await expect(lead.getByRole("table", { name: "Subcategory" }).getByRole("row", { name: subcategoryLabel(picks[0].subcategory) }).first()).toBeVisible();
  expect(await seriousViolations(lead), "new set with its composition").toEqual([]);

  const [create] = await Promise.all([lead.waitForRequest(isAction), lead.getByRole("button", { name: "Create set" }).click()]);
  await expect(lead).toHaveURL(/\/calibration\/sets\/\d+$/);
  const setId = Number(new URL(lead.url()).pathname.split("/").pop());
  await expect(lead.getByRole("navigation", { name: "Calibration set" }).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  for (const tab of ["judges", "report", "freeze"]) {
    await expect(lead.getByRole("navigation", { name: "Calibration set" }).getByRole("link", { name: tab[0].toUpperCase() + tab.slice(1) })).toHaveAttribute("href", `/calibration/sets/${setId}/${tab}`);
  }
  expect(await seriousViolations(lead), "set overview").toEqual([]);
  const csv = await lead.request.get(`/calibration/sets/${setId}/labels/csv`);
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text()).trimEnd().split("\r\n");
  expect(header).toBe("item,response,criterion,dimension,weight,rater,verdict,rationale,consensus,labeled_at");
  // Both items are also in the demo set, whose clinicians labeled their responses there: a new set has labels of its own only, none yet.
  expect(rows).toEqual([]);
  await lead.goto("/calibration");
  const labelsOf = (name: string) => lead.getByRole("row", { name }).getByRole("cell").nth(4);
  await expect(labelsOf(picked)).toHaveText("0");
  await expect(labelsOf("Demo calibration set")).not.toHaveText("0");
  await lead.goto(`/calibration/sets/${setId}`);

  // Someone else's copy: close an open set through the lead's close action.
  const other = await (async () => {
    await lead.goto("/calibration/new");
    await lead.getByRole("textbox", { name: "Name" }).fill(stillOpen);
    await lead.getByRole("spinbutton", { name: "Number of items" }).fill("1");
    await chooseDemoClinicians(lead);
    await lead.getByRole("button", { name: "Preview the set" }).click();
    await lead.getByRole("button", { name: "Create set" }).click();
    await expect(lead).toHaveURL(/\/calibration\/sets\/\d+$/);
    return Number(new URL(lead.url()).pathname.split("/").pop());
  })();
  await lead.goto(`/calibration/sets/${setId}`);
  await lead.getByRole("button", { name: "Close the set…" }).click();
  const [close] = await Promise.all([lead.waitForRequest(isAction), lead.getByRole("button", { name: "Yes, close the set" }).click()]);
  await expect(lead.getByText(/Closed .*: labels are locked/)).toBeVisible();

  for (const role of ["clinician", "author"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, demoAccount(role));
    for (const [name, request, edit] of [
      ["preview", preview, undefined],
      ["create", create, (b: string) => b.replace(picked, `E2E by a ${role} ${tag}`)],
      ["close", close, (b: string) => b.replace(`"setId":${setId}`, `"setId":${other}`)],
    ] as const) {
      const answer = await replay(page, request, edit);
      expect(answer, `${role} ${name}`).toContain('"ok":false');
      expect(answer, `${role} ${name}`).toContain('"status":403');
    }
    for (const path of ["/calibration/new", `/calibration/sets/${setId}`]) expect((await page.goto(path))?.status(), path).toBe(403);
    for (const path of [`/calibration/sets/${setId}/labels/bundle`, `/calibration/sets/${setId}/labels/csv`]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(403);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    await context.close();
  }

  await lead.goto("/calibration");
  await expect(lead.getByRole("row", { name: new RegExp(`E2E by a .* ${tag}`) })).toHaveCount(0);
  await lead.goto(`/calibration/sets/${other}`);
  await expect(lead.getByRole("button", { name: "Close the set…" })).toBeVisible();
  await leadContext.close();
});
