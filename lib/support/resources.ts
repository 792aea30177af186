import { z } from "zod";

const Number_ = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{0,24}$/, "must be a phone number: digits, spaces, ( ) - and an optional leading +");

/** One service on the support page; phone and text numbers become `tel:` and `sms:` links. */
export const SupportService = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters"),
  detail: z.string().trim().max(300, "must be at most 300 characters").optional(),
  phone: Number_.optional(),
  text: Number_.optional(),
  url: z.url({ protocol: /^https?$/, error: "must be an http(s) address" }).optional(),
});
export type SupportService = z.infer<typeof SupportService>;

/** The file named by CONCORD_SUPPORT_FILE: the region's services, in the order to show them. */
export const SupportFile = z.strictObject({
  region: z.string().trim().min(1).max(120).optional(),
  services: z.array(SupportService).min(1, "needs at least one service").max(20, "allows at most 20 services"),
});
export type SupportFile = z.infer<typeof SupportFile>;

/** What Concord shows when no file is configured. */
export const DEFAULT_SUPPORT: SupportFile = {
  services: [
    { name: "Your organisation's employee assistance programme", detail: "Confidential counselling for staff; ask your lead for the contact." },
    { name: "988 Suicide & Crisis Lifeline (United States)", detail: "Any time, free.", phone: "988", text: "988" },
    { name: "Samaritans (United Kingdom and Ireland)", detail: "Any time, free.", phone: "116 123" },
    { name: "Find A Helpline (worldwide)", detail: "Free, confidential services listed by country.", url: "https://findahelpline.com" },
  ],
};

/** A number as a `tel:` / `sms:` target: digits and a leading + only. */
export function dialable(number: string): string {
  return number.replace(/[^0-9+]/g, "");
}

const MAX_PROBLEMS = 10;

/** Parses the file's text: the resources, or every problem (at most 10) as `field: reason`, naming the file. */
export function parseSupportFile(text: string, path: string): { ok: true; support: SupportFile } | { ok: false; problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problems: [`${path}: is not valid JSON`] };
  }
  const parsed = SupportFile.safeParse(value);
  if (parsed.success) return { ok: true, support: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${path}: ${issue.path.map((p) => (typeof p === "number" ? `#${p + 1}` : String(p))).join(".") || "file"}: ${issue.message}`);
  return { ok: false, problems: problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), `… and ${problems.length - MAX_PROBLEMS} more`] : problems };
}
