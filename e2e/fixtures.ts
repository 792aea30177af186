import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { demoCorpus } from "@/lib/demo";
import type { Role } from "@/lib/roles";

export type Account = ReturnType<typeof demoCorpus>["accounts"][number];

const corpus = demoCorpus();
const accounts = corpus.accounts;

/** The demo calibration set's items, in id order, with their subcategories: specs pick items from the demo's own draw, never by a hard-coded id. */
export function demoSetItems(): { id: string; subcategory: string }[] {
  return corpus.calibrationSet.itemIds.map((id) => {
    const item = corpus.bundle.items.find((i) => i.id === id);
    if (!item) throw new Error(`the demo set's item ${id} has no record`);
    return { id, subcategory: item.subcategory };
  });
}

/** The first demo account holding `role` (the demo has one lead, one author, three clinicians). */
export function demoAccount(role: Role, index = 0): Account {
  const account = accounts.filter((a) => a.roles.includes(role))[index];
  if (!account) throw new Error(`the demo corpus has no ${role} number ${index + 1}`);
  return account;
}

/** The sign-in form's one failure sentence, for unknown accounts and wrong passwords alike. */
export const SIGN_IN_FAILED = /do not match an active account/;

export async function signIn(page: Page, account: { email: string; password: string }, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/** axe's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}
