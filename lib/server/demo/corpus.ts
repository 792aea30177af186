import type { Role } from "@/lib/roles";

export type { DemoCorpus } from "@/lib/demo/types";

export interface SeedResult {
  seeded: boolean;
  /** The demo accounts present in the database (with their seeded passwords). */
  accounts: { email: string; password: string; roles: Role[] }[];
}
