import type { z } from "zod";
import { BundleRecord, DESCRIPTOR_KINDS, DescriptorRecord, KEY_OF_KIND, RECORD_KINDS, emptyBundle, type Bundle, type Descriptors } from "./schema";
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
  bundle: Bundle;
  /** Line number of each record, by kind and index (parallel to `bundle`). */
  lines: { [K in keyof Bundle]: number[] };
  /** The optional v2 `model` and `judge` lines, and their line numbers. */
  descriptors: Descriptors;
  descriptorLines: { [K in keyof Descriptors]: number[] };
  issues: BundleIssue[];
}

function zodIssues(line: number, error: z.ZodError): BundleIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.join(".");
    if (issue.code === "invalid_union" && (path === "" || path === "kind")) {
      return { line, field: "kind", reason: `must be one of ${[...RECORD_KINDS, ...DESCRIPTOR_KINDS].join(", ")}` };
    }
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.map((k) => `"${k}"`).join(", ");
      return { line, field: path || "(record)", reason: `unknown key${issue.keys.length > 1 ? "s" : ""} ${keys}` };
    }
    return { line, field: path || "(record)", reason: issue.message };
  });
}

/**
 * Parses and validates a JSON Lines bundle: every line on its own (JSON, then the
 * zod schema of its kind), then every reference across lines (and, on import, into
 * the records already in the database). Blank lines are ignored.
 */
export function parseBundle(text: string, known?: KnownRecords): ParsedBundle {
  const bundle = emptyBundle();
  const lines: ParsedBundle["lines"] = {
    items: [], rubrics: [], references: [], responses: [], labels: [], verdicts: [],
  };
  const descriptors: Descriptors = { models: [], judges: [] };
  const descriptorLines: ParsedBundle["descriptorLines"] = { models: [], judges: [] };
  const issues: BundleIssue[] = [];
  const add = (record: BundleRecord, lineNo: number) => {
    const key = KEY_OF_KIND[record.kind];
    (bundle[key] as BundleRecord[]).push(record);
    lines[key].push(lineNo);
  };
  let lineNo = 0;
  for (let start = 0; start < text.length; ) {
    lineNo++;
    const unit = fastUnitLine(text, start);
    if (unit) {
      add(unit.record, lineNo);
      start = unit.next;
      continue;
    }
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    start = end + 1;
    const raw = line.trim();
    if (raw === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      issues.push({ line: lineNo, field: "(line)", reason: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) {
      issues.push({ line: lineNo, field: "(line)", reason: "must be a JSON object" });
      continue;
    }
    const kind = (json as { kind?: unknown }).kind;
    if (kind === "model" || kind === "judge") {
      const result = DescriptorRecord.safeParse(json);
      if (!result.success) {
        issues.push(...zodIssues(lineNo, result.error));
      } else if (result.data.kind === "model") {
        descriptors.models.push(result.data);
        descriptorLines.models.push(lineNo);
      } else {
        descriptors.judges.push(result.data);
        descriptorLines.judges.push(lineNo);
      }
      continue;
    }
    const fast = fastLabelOrVerdict(json as Record<string, unknown>);
    let record: BundleRecord;
    if (fast) {
      record = fast;
    } else {
      const result = BundleRecord.safeParse(json);
      if (!result.success) {
        issues.push(...zodIssues(lineNo, result.error));
        continue;
      }
      record = result.data;
    }
    add(record, lineNo);
  }
  issues.push(...checkReferences(bundle, lines, known), ...checkDescriptors(descriptors, descriptorLines));
  issues.sort((a, b) => a.line - b.line);
  return { bundle, lines, descriptors, descriptorLines, issues };
}
