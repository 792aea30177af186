import { Conflict } from "@/lib/server/errors";

/** The names of the settings whose values differ. */
export function changedSettings<T extends object>(before: T, after: T, keys: readonly (keyof T & string)[]): string[] {
  return keys.filter((key) => before[key] !== after[key]);
}

/**
 * Once a judge or target model has run calls, the settings that produced its results
 * must stay knowable: an update that would change any of `changed` is refused.
 */
export function refuseChangeOnceCalled(what: "judge" | "target model", id: string, calls: number, changed: string[]): void {
  if (changed.length === 0 || calls === 0) return;
  throw new Conflict(
    `The ${what} "${id}" has ${calls} call${calls === 1 ? "" : "s"} in runs, so its ${changed.join(", ")} can no longer change: the settings behind its results must stay knowable. Create a new ${what} id instead.`,
  );
}
