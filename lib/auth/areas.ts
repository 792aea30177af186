import type { Role } from "@/lib/roles";

export interface Area {
  href: string;
  label: string;
  /** Who may open it: exactly the roles its page lets in (the menu shows it to them, every other role gets 403). */
  roles: readonly Role[];
}

/** Each role's areas, in the order a person holding several roles sees them. */
export const AREAS: readonly Area[] = [
  { href: "/calibration", label: "Calibration", roles: ["lead"] },
  { href: "/admin/users", label: "Users", roles: ["lead"] },
  { href: "/admin/import", label: "Import & export", roles: ["lead"] },
  { href: "/runs", label: "Runs", roles: ["lead"] },
  { href: "/studies", label: "Studies", roles: ["lead"] },
  // The lead reads items and revision statistics (editing stays with authors).
  { href: "/items", label: "Items", roles: ["author", "lead"] },
  { href: "/revisions", label: "Revisions", roles: ["author", "lead"] },
  // after the authors' own areas, so an author still lands on the item list
  { href: "/leaderboard", label: "Leaderboard", roles: ["lead", "author"] },
  { href: "/queue", label: "My queue", roles: ["clinician"] },
  { href: "/conversations", label: "Conversations", roles: ["clinician"] },
];

/** The areas a user may open. */
export function areasFor(roles: readonly Role[]): Area[] {
  return AREAS.filter((area) => area.roles.some((role) => roles.includes(role)));
}

/** Where a user lands after signing in: the home of the first of lead, author, clinician they hold. */
export function homeFor(roles: readonly Role[]): string | null {
  return areasFor(roles)[0]?.href ?? null;
}
