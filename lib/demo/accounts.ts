import type { DemoAccount } from "./types";

/**
 * The demo's people. Passwords are public on purpose (printed on start and in the
 * README): this corpus is for trying Concord out, never for real data.
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { id: "lead-noor", email: "noor@concord.example", name: "Noor Haddad", password: "demo-lead-2026", roles: ["lead"] },
  { id: "author-tomas", email: "tomas@concord.example", name: "Tomás Rivera", password: "demo-author-2026", roles: ["author"] },
  { id: "clin-amara", email: "amara@concord.example", name: "Dr Amara Okafor", password: "demo-clinician-amara-2026", roles: ["clinician"] },
  { id: "clin-jonas", email: "jonas@concord.example", name: "Jonas Lindqvist", password: "demo-clinician-jonas-2026", roles: ["clinician"] },
  { id: "clin-mei", email: "mei@concord.example", name: "Mei Tanaka", password: "demo-clinician-mei-2026", roles: ["clinician"] },
];
