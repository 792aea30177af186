const FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A timestamp as the server and the browser both render it (UTC, so hydration matches). */
export function formatTime(ms: number | null): string {
  return ms === null ? "—" : `${FORMAT.format(ms)} UTC`;
}
