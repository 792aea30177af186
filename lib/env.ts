import { z } from "zod";
import { DEFAULT_BREAK_MINUTES } from "@/lib/labeling/stretch";

const Env = z.object({
  CONCORD_DB_PATH: z.string().min(1).default("data/concord.db"),
  NEXTAUTH_SECRET: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address `npm start` listens on: loopback unless told otherwise. */
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** Minutes of continuous labeling after which a clinician is offered a break. */
  /** The largest bundle an upload route reads, in MB (decimal: 1 MB = 1,000,000 bytes). */
  CONCORD_BUNDLE_LIMIT_MB: z.coerce.number().positive().max(4096).default(256),
  /** The largest JSON body the other routes read, in KB (1 KB = 1,000 bytes); at most 10 MB, what Next.js passes a route through proxy.ts. */
  CONCORD_JSON_LIMIT_KB: z.coerce.number().positive().max(10_000).default(1000),
  /** `0`: a database `npm start` creates stays empty instead of getting the demo corpus. */
  CONCORD_DEMO: z.enum(["0", "1"]).default("1"),
  /** `1`: serve the demo accounts (public passwords) even when Concord is reachable beyond this machine. */
  CONCORD_ALLOW_PUBLIC_DEMO: z.enum(["0", "1"]).default("0"),
  CONCORD_BREAK_MINUTES: z.coerce.number().int().min(1).max(600).default(DEFAULT_BREAK_MINUTES),
  /** A JSON file of the region's support services for the support page (lib/support/resources.ts); Concord's defaults without it. */
  CONCORD_SUPPORT_FILE: z.string().trim().min(1).optional(),
});
export type Env = z.infer<typeof Env>;

let parsed: Env | undefined;

/** The validated environment, parsed once on first use (a bad value fails loudly at start-up). */
export function env(): Env {
  parsed ??= Env.parse(process.env);
  return parsed;
}
