import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

export const VERA_FIXTURES = join(process.cwd(), "test", "fixtures", "vera");
export const TRANSCRIPTS = ["489d9d_Avery_sim-user-1_run1.txt", "7f9696_Jordan_sim-user-1_run1.txt"];
/** The provider model every e2e transcript is imported with: clinicians must never see it. */
export const PROVIDER_MODEL = "provider-e2e-model";

const region = (page: Page, name: string) => page.getByRole("region", { name });

/** As a lead: imports the v1.1 rubric under `rubricName` and the two transcripts (again: unchanged). */
export async function importStudyFiles(page: Page, rubricName: string) {
  await page.goto("/studies/import");
  const rubric = region(page, "Import a flow rubric");
  await rubric.getByLabel("Rubric name").fill(rubricName);
  await rubric.getByLabel("Rubric file (.tsv)").setInputFiles(join(VERA_FIXTURES, "rubric-v1.1.tsv"));
  await rubric.getByRole("button", { name: "Import" }).click();
  await expect(rubric.getByRole("status")).toContainText(`${rubricName} version 1 imported: 35 questions.`);
  const conversations = region(page, "Import conversations");
  await conversations.getByLabel("Provider model").fill(PROVIDER_MODEL);
  await conversations.getByLabel("Persona risk level (optional)").fill("High");
  await conversations.getByLabel("Transcript files (.txt)").setInputFiles(TRANSCRIPTS.map((name) => join(VERA_FIXTURES, name)));
  await conversations.getByRole("button", { name: "Import" }).click();
  await expect(conversations.getByRole("status")).toContainText(/imported/);
}

/** As a lead: creates a study of the two transcripts (and no other conversation) with the three demo clinicians; returns its id. */
export async function createStudy(page: Page, name: string, rubricName: string, mode: "direct" | "guided"): Promise<number> {
  await page.goto("/studies");
  const form = region(page, "Create a study");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Flow rubric").selectOption({ label: `${rubricName} v1` });
  await form.getByRole("radio", { name: mode === "direct" ? /^Direct/ : /^Guided/ }).check();
  // Exactly the two transcripts: other specs' conversations (a simulation run's, say) stay out of it.
  const conversations = form.getByRole("group", { name: "Conversations" });
  for (const file of TRANSCRIPTS) await expect(conversations.getByRole("checkbox", { name: new RegExp(file.replace(".", "\\.")) })).toBeChecked();
  for (const box of await conversations.getByRole("checkbox").all()) {
    const label = await box.evaluate((el) => el.closest("label")?.textContent?.trim() ?? "");
    await box.setChecked(TRANSCRIPTS.some((file) => label.startsWith(`${file} · ${PROVIDER_MODEL}`)));
  }
  for (const clinician of ["Amara", "Jonas", "Mei"]) await form.getByRole("group", { name: "Clinicians (the pool)" }).getByRole("checkbox", { name: new RegExp(clinician) }).check();
  await form.getByRole("button", { name: "Create the study" }).click();
  await expect(page).toHaveURL(/\/studies\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

/** As a lead on a study's page: imports the sample clinician ratings. */
export async function importSampleRatings(page: Page) {
  const ratings = region(page, "Import clinician ratings");
  await ratings.getByLabel("Ratings file (.csv)").setInputFiles(join(VERA_FIXTURES, "clinician-ratings-sample.csv"));
  await ratings.getByRole("button", { name: "Import" }).click();
  await expect(ratings.getByRole("status")).toContainText("120 ratings imported");
}
