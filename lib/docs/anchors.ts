/** GitHub's anchor for a heading's markdown text (as github-slugger makes it), before duplicates are numbered. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Numbers repeated slugs -1, -2, … in the order the headings come, as GitHub does. */
export function anchorNumberer(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = headingSlug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/** A markdown text's lines outside fenced code blocks (the fence lines themselves left out too). */
export function linesOutsideFences(text: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) out.push(line);
  }
  return out;
}

/** Every heading anchor of a markdown text (fenced code blocks skipped). */
export function anchorsOf(text: string): Set<string> {
  const next = anchorNumberer();
  const anchors = new Set<string>();
  for (const line of linesOutsideFences(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(next(heading[1]));
  }
  return anchors;
}
