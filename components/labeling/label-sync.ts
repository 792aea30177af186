/**
 * Saves verdicts from the browser so that none is lost. Every verdict goes first into
 * an outbox in localStorage (per clinician and set), then to `PUT /api/labels`; it
 * leaves the outbox only once the server has it. So a reload, a lost connection or a
 * closed tab keeps it, and the next page of the set sends it again. Network failures
 * and server errors retry with backoff (and at once when the browser is back online);
 * a refusal (e.g. the set was closed) is shown and not retried. Other tabs of the same
 * set see every verdict through the storage event and send it too: the server's
 * upsert is idempotent and ignores a verdict older than the one it has.
 */

import { z } from "zod";
import { ApiError, apiFetch } from "@/lib/http/apiFetch";

export type SaveState =
  | { state: "saving" }
  | { state: "saved" }
  | { state: "retrying"; message: string }
  | { state: "failed"; message: string };

/** A unit's verdict as the screen shows it; null is "no verdict" (e.g. a refused first verdict, reverted). */
export type Shown = Verdict | null;

export const Verdict = z.object({ verdict: z.boolean(), rationale: z.string().nullable() });
export type Verdict = z.infer<typeof Verdict>;

const Pending = Verdict.extend({ number: z.number(), criterionId: z.string(), givenAt: z.number() });
type Pending = z.infer<typeof Pending>;

export interface SyncSnapshot {
  /** Verdicts given or received since the page loaded, by unit key (null: reverted to no verdict). */
  values: ReadonlyMap<string, Shown>;
  states: ReadonlyMap<string, SaveState>;
}

type Outcome = { kind: "saved"; saved: Verdict } | { kind: "retry"; message: string } | { kind: "failed"; message: string; keep: boolean };

export const unitKey = (number: number, criterionId: string) => `${number}|${criterionId}`;

const OFFLINE = "Not saved yet: no connection. It is kept on this device and will be sent when the connection returns.";
const SERVER_DOWN = "Not saved yet: the server did not answer. Retrying…";
const MAX_DELAY_MS = 8_000;

export class LabelSync {
  private snapshot: SyncSnapshot = { values: new Map(), states: new Map() };
  private readonly listeners = new Set<() => void>();
  private readonly inFlight = new Set<string>();
  private readonly memory: Record<string, Pending> = {};
  /** The verdict on record on the server for each unit given on this page: what a refusal reverts to. */
  private readonly onRecord = new Map<string, Shown>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private lastGivenAt = 0;

  constructor(
    private readonly userId: string,
    private readonly setId: number,
  ) {
    window.addEventListener("online", () => this.flush());
    window.addEventListener("storage", (event) => {
      if (event.key === this.key) this.take(parseOutbox(event.newValue));
    });
  }

  private get key() {
    return `concord:pending-labels:${this.userId}:${this.setId}`;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** A verdict the clinician just gave; `stored` is the unit's verdict as the page was loaded with it. */
  give(number: number, criterionId: string, value: Verdict, stored: Shown) {
    if (!this.onRecord.has(unitKey(number, criterionId))) this.onRecord.set(unitKey(number, criterionId), stored);
    // Strictly increasing, so the server can always tell the later of two verdicts.
    this.lastGivenAt = Math.max(Date.now(), this.lastGivenAt + 1);
    const pending: Pending = { number, criterionId, ...value, givenAt: this.lastGivenAt };
    const outbox = this.outbox();
    outbox[unitKey(number, criterionId)] = pending;
    this.store(outbox);
    this.take({ [unitKey(number, criterionId)]: pending });
  }

  /** Sends everything still in the outbox, e.g. what an earlier page, a closed tab or a lost connection left. */
  flush() {
    this.take(this.outbox());
  }

  /** Shows `entries` as given and sends each one not already on its way. */
  private take(entries: Record<string, Pending>) {
    const values = new Map(this.snapshot.values);
    const states = new Map(this.snapshot.states);
    for (const [key, pending] of Object.entries(entries)) {
      values.set(key, { verdict: pending.verdict, rationale: pending.rationale });
      if (this.inFlight.has(key)) continue;
      states.set(key, { state: "saving" });
      void this.send(key, pending);
    }
    this.publish(values, states);
  }

  private async send(key: string, pending: Pending) {
    this.inFlight.add(key);
    const outcome = await this.request(pending);
    this.inFlight.delete(key);
    const now = this.outbox()[key];
    if (now && now.givenAt > pending.givenAt) {
      // A later verdict on this unit arrived meanwhile: send that one instead.
      this.take({ [key]: now });
      return;
    }
    const values = new Map(this.snapshot.values);
    const states = new Map(this.snapshot.states);
    if (outcome.kind === "retry") {
      states.set(key, { state: "retrying", message: outcome.message });
      this.scheduleRetry();
    } else {
      if (outcome.kind === "saved" || !outcome.keep) this.remove(key, pending.givenAt);
      if (outcome.kind === "saved") {
        this.failures = 0;
        // The server's answer wins: it differs only when a later verdict was already saved.
        values.set(key, outcome.saved);
        this.onRecord.set(key, outcome.saved);
        states.set(key, { state: "saved" });
      } else if (outcome.keep) {
        states.set(key, { state: "failed", message: outcome.message });
      } else {
        // Refused: show what the server holds again, not the verdict it refused.
        const stored = this.onRecord.get(key);
        if (stored === undefined) values.delete(key);
        else values.set(key, stored);
        const kept = stored === undefined ? "The verdict on record is shown again." : stored ? "Your earlier verdict stands." : "This criterion still has no verdict.";
        states.set(key, { state: "failed", message: `${outcome.message} ${kept}` });
      }
    }
    this.publish(values, states);
  }

  private async request(pending: Pending): Promise<Outcome> {
    const { number, criterionId, verdict, rationale, givenAt } = pending;
    try {
      const body = await apiFetch<unknown>("/api/labels", { method: "PUT", json: { setId: this.setId, number, criterionId, verdict, rationale, givenAt }, cache: "no-store" });
      const saved = Verdict.safeParse(body);
      return saved.success ? { kind: "saved", saved: saved.data } : { kind: "retry", message: SERVER_DOWN };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 0) return { kind: "retry", message: navigator.onLine ? SERVER_DOWN : OFFLINE };
      if (error.status >= 500 || error.status === 408 || error.status === 429 || error.status < 400) return { kind: "retry", message: SERVER_DOWN };
      // Signed out: keep the verdict, it is sent again after signing back in.
      if (error.status === 401) return { kind: "failed", message: "Not saved: please sign in again. Your verdict is kept on this device.", keep: true };
      return { kind: "failed", message: `Not saved: ${error.message}`, keep: false };
    }
  }

  private scheduleRetry() {
    if (this.retryTimer) return;
    this.failures++;
    const delay = Math.min(250 * 2 ** this.failures, MAX_DELAY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.flush();
    }, delay);
  }

  private publish(values: Map<string, Shown>, states: Map<string, SaveState>) {
    this.snapshot = { values, states };
    for (const listener of this.listeners) listener();
  }

  private outbox(): Record<string, Pending> {
    try {
      return { ...parseOutbox(localStorage.getItem(this.key)), ...this.memory };
    } catch {
      return { ...this.memory };
    }
  }

  private store(outbox: Record<string, Pending>) {
    try {
      localStorage.setItem(this.key, JSON.stringify(outbox));
    } catch {
      // Storage full or blocked: keep the outbox for this page's lifetime at least.
      Object.assign(this.memory, outbox);
    }
  }

  private remove(key: string, givenAt: number) {
    const outbox = this.outbox();
    if (outbox[key]?.givenAt !== givenAt) return;
    delete outbox[key];
    delete this.memory[key];
    this.store(outbox);
  }
}

const Outbox = z.record(z.string(), z.unknown());

/** The stored outbox; entries of any other shape (a damaged or older value) are dropped. */
function parseOutbox(text: string | null): Record<string, Pending> {
  if (!text) return {};
  try {
    const entries = Object.entries(Outbox.safeParse(JSON.parse(text)).data ?? {});
    return Object.fromEntries(entries.flatMap(([key, entry]) => {
      const pending = Pending.safeParse(entry);
      return pending.success ? [[key, pending.data]] : [];
    }));
  } catch {
    return {};
  }
}

const stores = new Map<string, LabelSync>();

/** One store per clinician and set for the page's lifetime, shared by every response screen of the set. */
export function labelSyncFor(userId: string, setId: number): LabelSync {
  const key = `${userId}:${setId}`;
  let store = stores.get(key);
  if (!store) {
    store = new LabelSync(userId, setId);
    stores.set(key, store);
  }
  return store;
}
