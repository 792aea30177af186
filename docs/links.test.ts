import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { anchorsOf, linesOutsideFences } from "../lib/docs/anchors";

const ROOT = resolve(__dirname, "..");

/** The markdown a user of the repository reads: the README and every page of docs/. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => join("docs", name));
  return ["README.md", ...docs];
}

/** The file's lines outside fenced code blocks, with inline code blanked out. */
const prose = (text: string) => linesOutsideFences(text).map((line) => line.replace(/`[^`]*`/g, (code) => " ".repeat(code.length)));

/** Every inline link target `[text](target)` in the file's prose. */
function linksOf(text: string): string[] {
  const links: string[] = [];
  for (const line of prose(text)) {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(match[1]);
  }
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe("documentation links", () => {
  it("finds the README and the docs pages", () => {
    expect(markdownFiles()).toEqual(expect.arrayContaining(["README.md", "docs/README.md", "docs/format.md", "docs/metrics.md", "docs/report.md", "docs/domain.md", "docs/flow.md"]));
  });

  it("makes GitHub's anchors", () => {
    expect([...anchorsOf("# Kind: `item`\n## A panel's verdict\n```\n# not a heading\n```\n## Ranking\n## Ranking\n")]).toEqual([
      "kind-item",
      "a-panels-verdict",
      "ranking",
      "ranking-1",
    ]);
  });

  for (const file of markdownFiles()) {
    it(`every relative link in ${file} resolves, anchors included`, () => {
      const text = readFileSync(join(ROOT, file), "utf8");
      const broken: string[] = [];
      for (const target of linksOf(text)) {
        if (isExternal(target)) continue;
        const [path, anchor] = target.split("#", 2);
        const targetFile = path === "" ? file : relative(ROOT, resolve(ROOT, dirname(file), decodeURIComponent(path)));
        const absolute = join(ROOT, targetFile);
        if (!existsSync(absolute)) {
          broken.push(`${target}: no file ${targetFile}`);
          continue;
        }
        if (anchor === undefined || anchor === "") continue;
        if (statSync(absolute).isDirectory() || !targetFile.endsWith(".md")) {
          broken.push(`${target}: an anchor into something that is not a markdown file`);
        } else if (!anchorsOf(readFileSync(absolute, "utf8")).has(decodeURIComponent(anchor))) {
          broken.push(`${target}: ${targetFile} has no heading #${anchor}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

describe("the repository stands on its own", () => {
  const SKIP = new Set(["node_modules", ".next", ".git", "data", "test-results", "playwright-report"]);
  const outside = ["..", "shared"].join("/");

  function* files(dir: string): Generator<string> {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* files(path);
      else if (entry.isFile()) yield path;
    }
  }

  it("every docs/ page (and anchor) the code cites exists", () => {
    const broken: string[] = [];
    for (const path of files(ROOT)) {
      if (!/\.(ts|tsx|mjs|js)$/.test(path)) continue;
      for (const [cited, page, anchor] of readFileSync(path, "utf8").matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        const target = join(ROOT, "docs", page);
        if (!existsSync(target)) {
          broken.push(`${relative(ROOT, path)}: ${cited}`);
        } else if (anchor !== undefined && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) {
          broken.push(`${relative(ROOT, path)}: ${cited}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it(`no file refers to ${outside}, which a user of the repository does not have`, () => {
    const referring: string[] = [];
    for (const path of files(ROOT)) {
      const bytes = readFileSync(path);
      if (bytes.includes(0)) continue; // binary
      if (bytes.toString("utf8").includes(outside)) referring.push(relative(ROOT, path));
    }
    expect(referring).toEqual([]);
  });
});
