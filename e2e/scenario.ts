import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { ItemRecord, LabelRecord, ReferenceRecord, ResponseRecord, RubricRecord, SetRecord, VerdictRecord } from "@/lib/bundle/schema";
import { demoCorpus } from "@/lib/demo";
import type { Role } from "@/lib/roles";

/**
 * One test's own scenario, built through the app's HTTP surface as the demo lead: fresh
 * accounts (the lead's create-user server action, replayed with each account's id) and a
 * bundle (POST /api/bundle/import) of fresh items, rubrics, references and responses with
 * a calibration set over them. Every id, email and name carries the scenario's tag, so no
 * test reads or writes another test's records, and none touches the demo's. The dialogues
 * are the demo corpus's (which lib/demo/safety.test.ts checks) under the new ids.
 */

export interface ScenarioAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  roles: Role[];
}

export interface Scenario {
  tag: string;
  setId: number;
  setName: string;
  /** The scenario's item ids, in set order, with their current criteria ids. */
  items: { id: string; criteria: string[] }[];
  responses: string[];
  clinicians: ScenarioAccount[];
  /** Texts a clinician must never see: the references and clinical notes. */
  hidden: string[];
}

const corpus = demoCorpus();
const PASSWORD = "scenario password 1";
const FIRST_NAMES = ["Ines", "Kofi", "Yara", "Omar", "Lena"];

/** A tag unique to this call: letters and digits, so it fits ids, emails and names. */
export function uniqueTag(): string {
  return `e2e${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

let createUserAction: { url: string; id: string } | null = null;

/** The create-user server action's id, taken from the lead's form once (the request is stopped, so nothing is created). */
async function createUserActionOf(lead: Page): Promise<{ url: string; id: string }> {
  if (createUserAction) return createUserAction;
  await lead.goto("/admin/users");
  let captured: { url: string; id: string } | null = null;
  await lead.route("**/admin/users", async (route) => {
    const id = route.request().headers()["next-action"];
    if (route.request().method() !== "POST" || !id) return route.continue();
    captured = { url: route.request().url(), id };
    await route.abort();
  });
  await lead.getByLabel("Name").fill("Never created");
  await lead.getByLabel("Email").fill("never-created@example.org");
  await lead.getByLabel("Initial password").fill(PASSWORD);
  await lead.getByRole("checkbox", { name: "Clinician" }).first().check();
  await lead.getByRole("button", { name: "Create account" }).click();
  await expect.poll(() => captured).not.toBeNull();
  await lead.unroute("**/admin/users");
  createUserAction = captured;
  return captured!;
}

/** Creates `count` accounts with `roles` as the lead, each with the tag in its id, email and name. */
export async function createAccounts(lead: Page, tag: string, count: number, roles: Role[] = ["clinician"]): Promise<ScenarioAccount[]> {
  const action = await createUserActionOf(lead);
  const accounts: ScenarioAccount[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${tag}-${roles[0]}-${i + 1}`;
    const account = { id, name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${tag}`, email: `${id}@example.org`, password: PASSWORD, roles };
    const response = await lead.request.post(action.url, {
      headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component" },
      data: JSON.stringify([{ id, email: account.email, name: account.name, password: PASSWORD, roles }]),
    });
    const answer = await response.text();
    expect(answer, `creating ${id}`).toContain('"ok":true');
    accounts.push(account);
  }
  return accounts;
}

/** Imports JSON Lines records as the lead; fails the test with the server's problems if any. */
export async function importRecords(lead: Page, records: readonly object[]): Promise<void> {
  const response = await lead.request.post("/api/bundle/import", {
    headers: { "content-type": "application/x-ndjson" },
    data: records.map((r) => JSON.stringify(r)).join("\n") + "\n",
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The id of the calibration set named `name`, from the lead's list of sets. */
export async function setIdByName(lead: Page, name: string): Promise<number> {
  await lead.goto("/calibration");
  const href = await lead.getByRole("link", { name, exact: true }).getAttribute("href");
  const id = Number(/\/calibration\/sets\/(\d+)$/.exec(href ?? "")?.[1]);
  expect(id, `the set ${name}'s link`).toBeGreaterThan(0);
  return id;
}

/** Demo items with at least `minCriteria` current criteria and `perItem` responses, the dialogues a scenario copies. */
function sourceItems(count: number, perItem: number, minCriteria: number) {
  const { items, rubrics, references, responses } = corpus.bundle;
  const picked = items
    .map((item) => {
      const versions = rubrics.filter((r) => r.item === item.id);
      const rubric = versions[versions.length - 1];
      const reference = references.filter((r) => r.item === item.id).at(-1);
      return { item, rubric, reference, responses: responses.filter((r) => r.item === item.id).slice(0, perItem) };
    })
    .filter((s) => s.rubric && s.rubric.criteria.length >= minCriteria && s.responses.length === perItem)
    .slice(0, count);
  if (picked.length < count) throw new Error(`the demo corpus has no ${count} items with ${minCriteria} criteria and ${perItem} responses`);
  return picked;
}

/**
 * Builds a scenario: `clinicians` new clinician accounts and an open calibration set of
 * `items` new items with `perItem` responses each (copied from demo items with at least
 * `minCriteria` criteria), the accounts its clinicians.
 */
export async function buildScenario(
  lead: Page,
  { name, items = 1, perItem = 1, clinicians = 3, minCriteria = 2 }: { name: string; items?: number; perItem?: number; clinicians?: number; minCriteria?: number },
): Promise<Scenario> {
  const tag = uniqueTag();
  const accounts = await createAccounts(lead, tag, clinicians);
  const setName = `${name} ${tag}`;
  const records: object[] = [];
  const made: Scenario["items"] = [];
  const responseIds: string[] = [];
  const hidden: string[] = [];
  sourceItems(items, perItem, minCriteria).forEach((source, k) => {
    const itemId = `${tag}-I${k + 1}`;
    const criteria = source.rubric.criteria.map((c, j) => ({ ...c, id: `${itemId}.c${j + 1}` }));
    const item: ItemRecord = { ...source.item, id: itemId };
    const rubric: RubricRecord = { kind: "rubric", item: itemId, version: 1, criteria };
    records.push(item, rubric);
    if (item.notes) hidden.push(item.notes);
    if (source.reference) {
      const reference: ReferenceRecord = { kind: "reference", item: itemId, version: 1, text: source.reference.text };
      records.push(reference);
      hidden.push(reference.text);
    }
    source.responses.forEach((r, m) => {
      const response: ResponseRecord = { ...r, id: `${itemId}-r${m + 1}`, item: itemId };
      records.push(response);
      responseIds.push(response.id);
    });
    made.push({ id: itemId, criteria: criteria.map((c) => c.id) });
  });
  const set: SetRecord = {
    kind: "set",
    id: "set-1",
    name: setName,
    seed: 20260714,
    status: "open",
    items: made.map((i) => ({ item: i.id, rubric_version: 1 })),
    responses: responseIds,
    clinicians: accounts.map((a) => a.id),
  };
  await importRecords(lead, [...records, set]);
  return { tag, setId: await setIdByName(lead, setName), setName, items: made, responses: responseIds, clinicians: accounts, hidden };
}

export interface DemoSetClone {
  setId: number;
  setName: string;
  /** The clone's id of a demo item, response or criterion id. */
  idOf: (demoId: string) => string;
  /** Login accounts in the demo clinicians' places, with their labels. */
  clinicians: ScenarioAccount[];
}

/**
 * A copy of the demo calibration set under new ids: its items with every rubric version,
 * their references, its responses, its clinicians' labels (given by new login accounts
 * in their places) and the fifteen demo judges' verdicts on the pinned versions, in an
 * open set named `name` and the tag. The same data gives the same figures as the demo
 * set (the same panels, ranks and κ), and the judges keep their ids, so they are the
 * ones configured on the demo simulator; a test may freeze, grade or import verdicts
 * on it without touching the demo set or another test's copy.
 */
export async function cloneDemoSet(lead: Page, name: string): Promise<DemoSetClone> {
  const tag = uniqueTag();
  const accounts = await createAccounts(lead, tag, corpus.calibrationSet.clinicianIds.length);
  const idOf = (demoId: string) => `${tag}-${demoId}`;
  const rater = new Map(corpus.calibrationSet.clinicianIds.map((id, i) => [id, accounts[i].id]));
  const { bundle, calibrationSet } = corpus;
  const inSet = new Set(calibrationSet.itemIds);
  const responses = new Set(calibrationSet.responseIds);
  const rubrics = bundle.rubrics.filter((r) => inSet.has(r.item));
  const pinned = new Map<string, number>();
  for (const r of rubrics) pinned.set(r.item, Math.max(r.version, pinned.get(r.item) ?? 0));
  const setName = `${name} ${tag}`;
  const records: object[] = [
    ...bundle.items.filter((i) => inSet.has(i.id)).map((i): ItemRecord => ({ ...i, id: idOf(i.id) })),
    ...rubrics.map((r): RubricRecord => ({ ...r, item: idOf(r.item), criteria: r.criteria.map((c) => ({ ...c, id: idOf(c.id) })) })),
    ...bundle.references.filter((r) => inSet.has(r.item)).map((r): ReferenceRecord => ({ ...r, item: idOf(r.item) })),
    ...bundle.responses.filter((r) => responses.has(r.id)).map((r): ResponseRecord => ({ ...r, id: idOf(r.id), item: idOf(r.item) })),
    {
      kind: "set",
      id: "set-1",
      name: setName,
      seed: calibrationSet.seed,
      status: "open",
      items: calibrationSet.itemIds.map((item) => ({ item: idOf(item), rubric_version: pinned.get(item)! })),
      responses: calibrationSet.responseIds.map(idOf),
      clinicians: accounts.map((a) => a.id),
    } satisfies SetRecord,
    ...bundle.labels
      .filter((l) => responses.has(l.response))
      .map((l): LabelRecord => ({ ...l, set: "set-1", rater: rater.get(l.rater)!, response: idOf(l.response), criterion: idOf(l.criterion) })),
    ...bundle.verdicts.filter((v) => responses.has(v.response)).map((v): VerdictRecord => ({ ...v, response: idOf(v.response), criterion: idOf(v.criterion) })),
  ];
  await importRecords(lead, records);
  return { setId: await setIdByName(lead, setName), setName, idOf, clinicians: accounts };
}
