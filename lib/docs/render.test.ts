import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { anchorsOf } from "./anchors";
import { renderDoc } from "./render";

describe("renderDoc", () => {
  for (const page of readdirSync("docs").filter((name) => name.endsWith(".md"))) {
    it(`gives ${page}'s headings GitHub's anchors`, () => {
      const text = readFileSync(`docs/${page}`, "utf8");
      const ids = [...renderDoc(text).matchAll(/<h[1-6] id="([^"]*)"/g)].map((m) => m[1]);
      expect(new Set(ids)).toEqual(anchorsOf(text));
      expect(ids.length).toBeGreaterThan(0);
    });
  }

  it("sends links to sibling pages to the app's docs pages and leaves others alone", () => {
    const html = renderDoc("# A `b` c\n\nSee [ranking](metrics.md#ranking), [the format](./format.md), [this](#a-b-c) and [the site](https://example.org).\n\n# A `b` c\n");
    expect(html).toContain('<h1 id="a-b-c">A <code>b</code> c</h1>');
    expect(html).toContain('<h1 id="a-b-c-1">');
    expect(html).toContain('<a href="/docs/metrics.md#ranking">ranking</a>');
    expect(html).toContain('<a href="/docs/format.md">the format</a>');
    expect(html).toContain('<a href="#a-b-c">this</a>');
    expect(html).toContain('<a href="https://example.org">the site</a>');
    expect(renderDoc("```json\n{\"a\": \"<b>\"}\n```\n")).toBe('<pre tabindex="0"><code>{&quot;a&quot;: &quot;&lt;b&gt;&quot;}</code></pre>\n');
  });
});
