import "server-only";
import { demoCorpus } from "@/lib/demo";
import type { SeedResult } from "./corpus";
import { seedCorpusIfEmpty } from "./seedCorpus";

/** `npm start` calls this: an empty database gets the deterministic demo corpus. */
export async function seedDemoIfEmpty(): Promise<SeedResult> {
  return seedCorpusIfEmpty(demoCorpus());
}
