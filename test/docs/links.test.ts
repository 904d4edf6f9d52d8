// The documentation's links hold: every relative link and image in README.md, CHANGELOG.md,
// docs/**/*.md and examples/**/README.md points at a file that exists and, for `#anchor`, at a
// heading (GitHub's anchor rule) or an `<a id>` of that page. Every screenshot in docs/images is
// shown somewhere, and the user documentation cites no internal issue numbers (history lives in
// CHANGELOG.md and git).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, docPages } from './support/doc-pages.js';
import { brokenLinks, linksOf } from './support/markdown-links.js';

function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) return markdownUnder(path);
    return entry.endsWith('.md') ? [path] : [];
  });
}

const PAGES = ['README.md', 'CHANGELOG.md', ...markdownUnder('docs'), ...markdownUnder('examples')];
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

describe('documentation links', () => {
  it.each(PAGES)('%s: every relative link resolves', (page) => {
    expect(brokenLinks(ROOT, page)).toEqual([]);
  });

  it('every screenshot in docs/images is shown in the docs', () => {
    const shown = new Set(PAGES.flatMap((page) => linksOf(read(page)).map((l) => normalize(join(dirname(page), l.split('#')[0] as string)))));
    for (const image of readdirSync(join(ROOT, 'docs/images'))) expect(shown.has(`docs/images/${image}`), `docs/images/${image}`).toBe(true);
  });

  it('the user documentation cites no internal issue numbers', () => {
    for (const page of docPages()) {
      const cited = read(page).match(/\bissues? \d+|\(#\d+\)|\bissue #\d+/gi) ?? [];
      expect(cited, page).toEqual([]);
    }
  });
});
