/** One record of a delimited file, with the line it starts on (1-based). */
export interface DelimitedRow {
  line: number;
  cells: string[];
}

/**
 * Reads tab- or comma-separated text the way Python's csv module (and so pandas,
 * which VERA-MH uses) does: a cell that starts with `"` is quoted — it may hold the
 * delimiter and line breaks, `""` is a quote — and text after its closing quote is
 * kept; a `"` anywhere else is literal. A BOM is dropped, CRLF, LF and CR all end a
 * record, and records whose cells are all blank are skipped. Cells are not trimmed.
 * A quote still open at the end is reported with the line its record starts on.
 */
export function readDelimited(text: string, delimiter: "\t" | ","): { rows: DelimitedRow[]; unclosedQuoteLine: number | null } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: DelimitedRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let atCellStart = true;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
    atCellStart = true;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const newline = ch === "\n" || ch === "\r";
    if (newline && ch === "\r" && source[i + 1] === "\n") i++;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        cell += newline ? "\n" : ch;
        if (newline) line++;
      }
      continue;
    }
    if (newline) {
      endRow();
      line++;
      rowLine = line;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
      atCellStart = true;
    } else if (ch === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else {
      cell += ch;
      atCellStart = false;
    }
  }
  const unclosedQuoteLine = quoted ? rowLine : null;
  if (cell !== "" || cells.length > 0) endRow();
  return { rows, unclosedQuoteLine };
}
