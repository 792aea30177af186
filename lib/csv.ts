/** RFC 4180 quoting. */
export function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Free text that a spreadsheet would run as a formula (= + - @ or a control character first) gets a leading apostrophe. */
export function csvFreeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
