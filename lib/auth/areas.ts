import type { Role } from "@/lib/server/context";

export interface Area {
  href: string;
  label: string;
  role: Role;
  /** The path prefix whose pages belong to the area, when it is not `href` itself. */
  section?: string;
}

/** Each role's areas, in the order a person holding several roles sees them. */
export const AREAS: readonly Area[] = [
  { href: "/calibration", label: "Calibration", role: "lead" },
  { href: "/admin/users", label: "Users", role: "lead" },
  { href: "/admin/import", label: "Import & export", role: "lead" },
  { href: "/runs/endpoints", label: "Runs", role: "lead", section: "/runs" },
  { href: "/studies", label: "Studies", role: "lead" },
  { href: "/items", label: "Items", role: "author" },
  { href: "/revisions", label: "Revisions", role: "author" },
  { href: "/queue", label: "My queue", role: "clinician" },
  { href: "/conversations", label: "Conversations", role: "clinician" },
];

/** The areas a user may open. */
export function areasFor(roles: readonly Role[]): Area[] {
  return AREAS.filter((area) => roles.includes(area.role));
}

/** Where a user lands after signing in: the home of the first of lead, author, clinician they hold. */
export function homeFor(roles: readonly Role[]): string | null {
  return areasFor(roles)[0]?.href ?? null;
}
