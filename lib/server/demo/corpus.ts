import type { Bundle } from "@/lib/bundle/schema";
import type { Role } from "@/lib/server/context";

/** What `demoCorpus()` in lib/demo returns; clinician account ids equal the `rater` ids of the labels. */
export interface DemoCorpus {
  bundle: Bundle;
  accounts: { id: string; email: string; name: string; password: string; roles: Role[] }[];
  calibrationSet: { name: string; seed: number; itemIds: string[]; responseIds: string[]; clinicianIds: string[] };
}

export interface SeedResult {
  seeded: boolean;
  /** The demo accounts present in the database (with their seeded passwords). */
  accounts: { email: string; password: string; roles: Role[] }[];
}
