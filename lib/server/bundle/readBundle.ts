import "server-only";
import { createReadStream } from "node:fs";
import { z } from "zod";
import { bundleLines } from "@/lib/bundle/lines";
import { BundleReader, IssueList, ISSUES_SHOWN, readText } from "@/lib/bundle/parse";

/** A bundle to import: text in hand (tests, the demo), or a file read as a stream (the CLI, an upload). */
export const BundleSource = z.union([z.strictObject({ text: z.string() }), z.strictObject({ file: z.string().min(1) })]);
export type BundleSource = z.infer<typeof BundleSource>;

/**
 * Reads a bundle line by line — a file as a stream, never whole — checking each line
 * on its own and keeping the first ISSUES_SHOWN problems; the checks across lines and
 * against the database come at `finish`, inside the import's transaction.
 */
export async function readBundle(source: BundleSource): Promise<BundleReader> {
  const reader = new BundleReader(new IssueList(ISSUES_SHOWN));
  if ("text" in source) return readText(reader, source.text);
  for await (const line of bundleLines(createReadStream(source.file, { highWaterMark: 1 << 20 }))) {
    if ("text" in line) reader.line(line.text, line.line);
    else reader.problem(line.line, line.problem);
  }
  return reader;
}
