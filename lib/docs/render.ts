import { Marked, type Tokens } from "marked";
import { anchorNumberer } from "./anchors";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * One of the project's docs pages as HTML for the app: headings carry GitHub's anchors
 * (lib/docs/anchors), so a link to `docs/scoring.md#bootstrap` lands where it does on
 * GitHub; links to sibling pages (`metrics.md#ranking`) go to the app's /docs pages.
 * The text is the repository's own, so its HTML is trusted.
 */
export function renderDoc(markdown: string): string {
  const anchor = anchorNumberer();
  const marked = new Marked({
    renderer: {
      heading(this: { parser: { parseInline: (tokens: Tokens.Heading["tokens"]) => string } }, token: Tokens.Heading) {
        return `<h${token.depth} id="${escape(anchor(token.text))}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
      // a code block scrolls sideways on its own, so it must be reachable with the keyboard
      code(token: Tokens.Code) {
        return `<pre tabindex="0"><code>${escape(token.text)}</code></pre>\n`;
      },
      link(this: { parser: { parseInline: (tokens: Tokens.Link["tokens"]) => string } }, token: Tokens.Link) {
        const sibling = /^(?:\.\/)?([\w-]+\.md)(#[\w-]*)?$/.exec(token.href);
        const href = sibling ? `/docs/${sibling[1]}${sibling[2] ?? ""}` : token.href;
        return `<a href="${escape(href)}">${this.parser.parseInline(token.tokens)}</a>`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
