/**
 * Splits a byte stream into lines without ever holding the whole file: each line is
 * decoded as strict UTF-8 on its own, so a line with bytes that are not UTF-8 is named
 * (and the rest still read), and a line longer than `maxLineBytes` is reported instead
 * of being kept. Lines end at `\n`; a `\r` before it is dropped with the line's spaces
 * by the parser.
 */
export type BundleLine = { line: number; text: string } | { line: number; problem: string };

export const MAX_LINE_BYTES = 8 * 1024 * 1024;

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export async function* bundleLines(source: AsyncIterable<Uint8Array>, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<BundleLine> {
  let line = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  const finish = (tail: Uint8Array): BundleLine => {
    line++;
    if (tooLong || pendingBytes + tail.length > maxLineBytes) {
      return { line, problem: `longer than ${Math.round(maxLineBytes / (1024 * 1024))} MB` };
    }
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    try {
      return { line, text: strict.decode(bytes) };
    } catch {
      return { line, problem: "not valid UTF-8 (a bundle is UTF-8 text)" };
    }
  };
  for await (const chunk of source) {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
      yield finish(chunk.subarray(start, newline));
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0) continue;
    if (pendingBytes + rest.length > maxLineBytes) {
      tooLong = true;
      pending = [];
    } else if (!tooLong) {
      pending.push(Uint8Array.from(rest));
    }
    pendingBytes += rest.length;
  }
  if (pendingBytes > 0) yield finish(new Uint8Array(0));
}
