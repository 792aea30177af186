import { z } from "zod";
import { DEFAULT_BREAK_MINUTES } from "@/lib/labeling/stretch";

const Env = z.object({
  CONCORD_DB_PATH: z.string().min(1).default("data/concord.db"),
  NEXTAUTH_SECRET: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address `npm start` listens on: loopback unless told otherwise. */
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** The largest bundle an upload route reads, in MB (decimal: 1 MB = 1,000,000 bytes). */
  CONCORD_BUNDLE_LIMIT_MB: z.coerce.number().positive().max(4096).default(256),
  /** The largest JSON body the other routes read, in KB (1 KB = 1,000 bytes); at most 10 MB, what Next.js passes a route through proxy.ts. */
  CONCORD_JSON_LIMIT_KB: z.coerce.number().positive().max(10_000).default(1000),
  /** `0`: a database `npm start` creates stays empty instead of getting the demo corpus. */
  CONCORD_DEMO: z.enum(["0", "1"]).default("1"),
  /** `1`: serve the demo accounts (public passwords) even when Concord is reachable beyond this machine. */
  CONCORD_ALLOW_PUBLIC_DEMO: z.enum(["0", "1"]).default("0"),
  /** Minutes of continuous labeling after which a clinician is offered a break. */
  CONCORD_BREAK_MINUTES: z.coerce.number().int().min(1).max(600).default(DEFAULT_BREAK_MINUTES),
  /** A JSON file of the region's support services for the support page (lib/support/resources.ts); Concord's defaults without it. */
  CONCORD_SUPPORT_FILE: z.string().trim().min(1).optional(),
  /** `1`: `npm start` also runs the demo simulator (lib/simulator). */
  CONCORD_DEMO_LLM: z.enum(["0", "1"], { error: "must be 1 (run the demo simulator) or 0" }).default("0"),
  /** The demo simulator's port on 127.0.0.1; the demo database's simulator endpoint points at it. */
  CONCORD_DEMO_LLM_PORT: z.coerce.number().int().min(1).max(65535).default(3999),
  /** Milliseconds the demo simulator waits before each answer, to feel like a real server. */
  CONCORD_DEMO_LLM_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});
export type Env = z.infer<typeof Env>;

let parsed: Env | undefined;

/** The validated environment, parsed once on first use (a bad value fails loudly at start-up). */
export function env(): Env {
  parsed ??= Env.parse(process.env);
  return parsed;
}

/** The base URL of the demo simulator, as the demo database's simulator endpoint names it. */
export function demoLlmBaseUrl(config: Env = env()): string {
  return `http://127.0.0.1:${config.CONCORD_DEMO_LLM_PORT}/v1`;
}
