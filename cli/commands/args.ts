import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { formatIssue, parseBundle, type ParsedBundle } from "../../lib/bundle/parse";
import { FrozenRecord } from "../../lib/freeze/record";

/** The one FILE argument of a command, or null after printing its usage to stderr. */
export function oneFile(args: string[], usage: string): string | null {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length === 1) return positionals[0];
  process.stderr.write(`usage: ${usage}\n`);
  return null;
}

/** An integer option, or `fallback` when absent. */
export function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new Error(`--${name} must be an integer, not "${value}"`);
  return Number(value);
}

/** Reads and validates a bundle file; on problems, writes them (line: field: reason) to stderr and returns null. */
export async function readValidBundle(path: string, shown = 200): Promise<ParsedBundle | null> {
  // a Buffer decoded at once is faster than readFile's streaming decoder on a large bundle
  const parsed = parseBundle((await readFile(path)).toString("utf8"));
  if (parsed.issues.length === 0) return parsed;
  const lines = parsed.issues.slice(0, shown).map(formatIssue);
  const more = parsed.issues.length - lines.length;
  process.stderr.write(
    `${path}: the bundle is not valid (${parsed.issues.length} problem${parsed.issues.length === 1 ? "" : "s"}):\n${lines.join("\n")}\n${more > 0 ? `and ${more} more\n` : ""}`,
  );
  return null;
}

/** Reads and checks the record file; a sentence saying what is wrong otherwise. */
export async function readRecord(path: string): Promise<FrozenRecord | string> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    return `${path}: not a JSON file (${(error as Error).message})`;
  }
  const parsed = FrozenRecord.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 10).map((issue) => `  ${issue.path.join(".") || "(record)"}: ${issue.message}`);
  return `${path}: not a Concord frozen-panel record:\n${issues.join("\n")}`;
}

/** A share from 0 to 1 given as a decimal number (e.g. 0.95). */
export function fraction(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const x = Number(value);
  if (!/^\s*[\d.eE+-]+\s*$/.test(value) || !Number.isFinite(x) || x < 0 || x > 1) throw new Error(`--${name} must be a number from 0 to 1, not "${value}"`);
  return x;
}
