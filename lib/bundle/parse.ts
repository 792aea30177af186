import type { z } from "zod";
import { BundleRecord, DESCRIPTOR_KINDS, DescriptorRecord, KEY_OF_KIND, RECORD_KINDS, SetRecord, emptyBundle, type Bundle, type Descriptors } from "./schema";
import { fastLabelOrVerdict, fastUnitLine } from "./fastpath";
import { checkDescriptors, checkReferences, type KnownRecords } from "./references";

/** One problem with a bundle, located by line (1-based) and field path. */
export interface BundleIssue {
  line: number;
  field: string;
  reason: string;
}

export function formatIssue(issue: BundleIssue): string {
  return `line ${issue.line}: ${issue.field}: ${issue.reason}`;
}

export interface ParsedBundle {
  /** The records, with the `set` lines (always present once read, maybe empty). */
  bundle: Bundle & { sets: SetRecord[] };
  /** Line number of each record, by kind and index (parallel to `bundle`). */
  lines: { [K in keyof Bundle | "sets"]: number[] };
  /** The optional v2 `model` and `judge` lines, and their line numbers. */
  descriptors: Descriptors;
  descriptorLines: { [K in keyof Descriptors]: number[] };
  issues: BundleIssue[];
}

const KINDS = new Set<unknown>([...RECORD_KINDS, ...DESCRIPTOR_KINDS, "set"]);
const KIND_REASON = `must be one of ${[...KINDS].join(", ")}`;

function zodIssues(line: number, error: z.ZodError): BundleIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.join(".");
    if (issue.code === "invalid_union" && (path === "" || path === "kind")) {
      return { line, field: "kind", reason: KIND_REASON };
    }
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.map((k) => `"${k}"`).join(", ");
      return { line, field: path || "(record)", reason: `unknown key${issue.keys.length > 1 ? "s" : ""} ${keys}` };
    }
    return { line, field: path || "(record)", reason: issue.message };
  });
}

/** The issues of a bundle, keeping only the first `cap` by line (and counting every one), so a file of a million bad lines stays small. */
export class IssueList {
  readonly kept: BundleIssue[] = [];
  total = 0;
  private last = -1;
  constructor(readonly cap = Infinity) {}

  add(issues: BundleIssue | readonly BundleIssue[]): void {
    for (const issue of "line" in issues ? [issues] : issues) {
      this.total++;
      if (this.kept.length < this.cap) {
        this.kept.push(issue);
        this.last = -1;
        continue;
      }
      if (this.last < 0) this.last = this.kept.reduce((at, k, i) => (k.line > this.kept[at].line ? i : at), 0);
      if (issue.line >= this.kept[this.last].line) continue;
      this.kept[this.last] = issue;
      this.last = -1;
    }
  }

  /** The kept issues by line, each message once, and how many more there were. */
  messages(): { shown: string[]; more: number } {
    const shown = [...new Set([...this.kept].sort((a, b) => a.line - b.line).map(formatIssue))];
    return { shown, more: this.total - this.kept.length };
  }
}

const CSV_HINT = /^[^{[]*[,;\t]/;

/**
 * Reads a JSON Lines bundle one line at a time (parseBundle, or a stream through
 * `bundleLines`): every line on its own (JSON, then the zod schema of its kind), and
 * at `finish` every reference across lines (and, on import, into the records already
 * in the database). Blank lines are ignored. A file whose first line is not JSON but
 * looks like CSV is refused once, as a whole.
 */
export class BundleReader {
  readonly bundle: Bundle & { sets: SetRecord[] } = { ...emptyBundle(), sets: [] };
  readonly lines: ParsedBundle["lines"] = { items: [], rubrics: [], references: [], responses: [], labels: [], verdicts: [], sets: [] };
  readonly descriptors: Descriptors = { models: [], judges: [] };
  readonly descriptorLines: ParsedBundle["descriptorLines"] = { models: [], judges: [] };
  /** Lines that held a record or a problem (not blank). */
  nonBlank = 0;
  private notJsonLines = false;
  // Ids repeat on nearly every line (judges, responses, criteria): one string each keeps a large bundle small.
  private readonly ids = new Map<string, string>();
  private readonly intern = (id: string) => {
    const known = this.ids.get(id);
    if (known !== undefined) return known;
    this.ids.set(id, id);
    return id;
  };

  constructor(readonly issues: IssueList = new IssueList()) {}

  private add(record: BundleRecord, lineNo: number) {
    const key = KEY_OF_KIND[record.kind];
    (this.bundle[key] as BundleRecord[]).push(record);
    this.lines[key].push(lineNo);
  }

  /** A line that could not be read at all (not UTF-8, too long). */
  problem(lineNo: number, reason: string): void {
    if (this.notJsonLines) return;
    this.nonBlank++;
    this.issues.add({ line: lineNo, field: "(line)", reason });
  }

  line(text: string, lineNo: number): void {
    if (this.notJsonLines) return;
    const unit = fastUnitLine(text, 0, this.intern);
    if (unit && unit.next >= text.length) {
      this.nonBlank++;
      this.add(unit.record, lineNo);
      return;
    }
    const raw = text.trim();
    if (raw === "") return;
    this.nonBlank++;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      if (this.nonBlank === 1 && CSV_HINT.test(raw)) {
        this.notJsonLines = true;
        this.issues.add({ line: lineNo, field: "(file)", reason: "this looks like CSV (comma-separated values), not JSON Lines: a bundle has one JSON object per line" });
        return;
      }
      this.issues.add({ line: lineNo, field: "(line)", reason: `not valid JSON (${(error as Error).message})` });
      return;
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) {
      this.issues.add({ line: lineNo, field: "(line)", reason: "must be a JSON object" });
      return;
    }
    const kind = (json as { kind?: unknown }).kind;
    if (!KINDS.has(kind)) {
      // zod would say the same, thousands of times slower when a file is a million such lines
      this.issues.add({ line: lineNo, field: "kind", reason: KIND_REASON });
      return;
    }
    if (kind === "set") {
      const result = SetRecord.safeParse(json);
      if (!result.success) {
        this.issues.add(zodIssues(lineNo, result.error));
      } else {
        this.bundle.sets.push(result.data);
        this.lines.sets.push(lineNo);
      }
      return;
    }
    if (kind === "model" || kind === "judge") {
      const result = DescriptorRecord.safeParse(json);
      if (!result.success) {
        this.issues.add(zodIssues(lineNo, result.error));
      } else if (result.data.kind === "model") {
        this.descriptors.models.push(result.data);
        this.descriptorLines.models.push(lineNo);
      } else {
        this.descriptors.judges.push(result.data);
        this.descriptorLines.judges.push(lineNo);
      }
      return;
    }
    const fast = fastLabelOrVerdict(json as Record<string, unknown>);
    if (fast) {
      this.add(fast, lineNo);
      return;
    }
    const result = BundleRecord.safeParse(json);
    if (!result.success) {
      this.issues.add(zodIssues(lineNo, result.error));
      return;
    }
    this.add(result.data, lineNo);
  }

  /** Checks across lines; the bundle as read (its issues in `issues`). */
  finish(known?: KnownRecords): Omit<ParsedBundle, "issues"> {
    const { bundle, lines, descriptors, descriptorLines } = this;
    if (this.notJsonLines) return { bundle, lines, descriptors, descriptorLines };
    this.issues.add(checkReferences(bundle, lines, known));
    this.issues.add(checkDescriptors(descriptors, descriptorLines));
    return { bundle, lines, descriptors, descriptorLines };
  }
}

/** How many problems an import lists (the rest are counted). */
export const ISSUES_SHOWN = 200;

/** Feeds a bundle held as text to `reader`, line by line. */
export function readText(reader: BundleReader, text: string): BundleReader {
  let lineNo = 0;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    if (end > start || newline >= 0) reader.line(text.slice(start, end), ++lineNo);
    if (newline < 0) break;
    start = end + 1;
  }
  return reader;
}

/** Parses and validates a whole JSON Lines bundle held as text (see BundleReader). */
export function parseBundle(text: string, known?: KnownRecords): ParsedBundle {
  const reader = readText(new BundleReader(), text);
  const parsed = reader.finish(known);
  return { ...parsed, issues: [...reader.issues.kept].sort((a, b) => a.line - b.line) };
}
