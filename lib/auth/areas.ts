import type { Role } from "@/lib/server/context";

export interface Area {
  href: string;
  label: string;
  /** Who sees the area in the menu. */
  roles: readonly Role[];
  /** The path prefix whose pages belong to the area, when it is not `href` itself. */
  section?: string;
}

/** Each role's areas, in the order a person holding several roles sees them. */
export const AREAS: readonly Area[] = [
  { href: "/calibration", label: "Calibration", roles: ["lead"] },
  { href: "/admin/users", label: "Users", roles: ["lead"] },
  { href: "/admin/import", label: "Import & export", roles: ["lead"] },
  { href: "/runs/endpoints", label: "Runs", roles: ["lead"], section: "/runs" },
  { href: "/items", label: "Items", roles: ["author"] },
  { href: "/revisions", label: "Revisions", roles: ["author"] },
  // after the authors' own areas, so an author still lands on the item list
  { href: "/leaderboard", label: "Leaderboard", roles: ["lead", "author"] },
  { href: "/queue", label: "My queue", roles: ["clinician"] },
];

/** The areas a user may open. */
export function areasFor(roles: readonly Role[]): Area[] {
  return AREAS.filter((area) => area.roles.some((role) => roles.includes(role)));
}

/** Where a user lands after signing in: the home of the first of lead, author, clinician they hold. */
export function homeFor(roles: readonly Role[]): string | null {
  return areasFor(roles)[0]?.href ?? null;
}
