import { expect, test } from "@playwright/test";
import { demoAccount, signIn } from "./fixtures";

/**
 * Every endpoint of the judge-panel area, called directly as a clinician and as an
 * author: each answers 403 whatever the body, and nothing is written. (The area has
 * no server actions: its writes are these route handlers.)
 */
const ENDPOINTS = [
  { method: "GET", path: "/api/sets/1/report" },
  { method: "GET", path: "/api/sets/1/report?selection=holdout&panelSize=5" },
  { method: "GET", path: "/api/sets/1/report/panel?judges=judge-01,judge-02,judge-03" },
  { method: "GET", path: "/api/sets/1/coverage" },
  { method: "POST", path: "/api/sets/1/verdicts", data: '{"kind":"verdict","judge":"judge-99","response":"r-x","criterion":"c","verdict":true}\n' },
  { method: "GET", path: "/api/sets/1/freeze" },
  { method: "POST", path: "/api/sets/1/freeze", data: { judges: ["judge-01", "judge-02", "judge-03"], selection: "all", fingerprint: "0".repeat(64), rationale: "Trying to freeze without the role." } },
  { method: "GET", path: "/api/sets/1/freeze/rule" },
  { method: "POST", path: "/api/sets/1/freeze/rule", data: { rule: { panel_size: 3, selection: "all", within_top: 1 } } },
  { method: "GET", path: "/calibration/freezes/1/download" },
  { method: "GET", path: "/calibration/freezes/1/snapshot" },
  { method: "GET", path: "/api/sets/1/report?minCoverage=0" },
] as const;

const PAGES = ["/calibration/sets/1/judges", "/calibration/sets/1/report", "/calibration/sets/1/report/panel?judges=judge-01,judge-02,judge-03", "/calibration/sets/1/freeze", "/calibration/freezes", "/calibration/freezes/1"];

for (const [role, who] of [["clinician", "a clinician"], ["author", "an author"]] as const) {
  test(`${who} gets 403 from every endpoint and page of the judge-panel area`, async ({ page, browser }) => {
    await signIn(page, demoAccount(role));
    for (const endpoint of ENDPOINTS) {
      const response = endpoint.method === "GET" ? await page.request.get(endpoint.path) : await page.request.post(endpoint.path, { data: endpoint.data });
      expect(response.status(), `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Not for your role" })).toBeVisible();
    }
    // Nothing they sent was written.
    const lead = await browser.newContext();
    const leadPage = await lead.newPage();
    await signIn(leadPage, demoAccount("lead"));
    const coverage = await (await leadPage.request.get("/api/sets/1/coverage")).json();
    expect(coverage.judges.map((j: { judge: string }) => j.judge)).not.toContain("judge-99");
    const history = await (await leadPage.request.get("/api/sets/1/freeze")).json();
    expect(history.every((f: { record: { rationale: string } }) => f.record.rationale !== "Trying to freeze without the role.")).toBe(true);
    await lead.close();
  });
}

test("signed out, the API endpoints answer 401", async ({ request }) => {
  for (const endpoint of ENDPOINTS.filter((e) => e.path.startsWith("/api/"))) {
    const response = endpoint.method === "GET" ? await request.get(endpoint.path) : await request.post(endpoint.path, { data: endpoint.data });
    expect(response.status(), `${endpoint.method} ${endpoint.path}`).toBe(401);
  }
});
