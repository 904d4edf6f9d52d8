// The documentation's links hold: every relative link and image in README.md, CHANGELOG.md,
// docs/**/*.md and examples/**/README.md points at a file that exists and, for `#anchor`, at a
// heading (GitHub's anchor rule) or an `<a id>` of that page. Every screenshot in docs/images is
// shown somewhere, and the user documentation cites no internal issue numbers (history lives in
// CHANGELOG.md and git).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slug } from '../../scripts/api-reference.js';
import { ROOT, docPages, prose } from './support/doc-pages.js';

function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) return markdownUnder(path);
    return entry.endsWith('.md') ? [path] : [];
  });
}

const PAGES = ['README.md', 'CHANGELOG.md', ...markdownUnder('docs'), ...markdownUnder('examples')];
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** The anchors of a page as GitHub makes them: heading slugs (repeats get -1, -2, …) and `<a id>`s. */
function anchorsOf(page: string): Set<string> {
  const text = prose(read(page));
  const anchors = new Set<string>();
  const used = new Map<string, number>();
  for (const m of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const plain = (m[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = slug(plain);
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(m[1] as string);
  return anchors;
}

/** Relative link targets of a page (inline links and images, outside code). */
function linksOf(page: string): string[] {
  const text = prose(read(page)).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('documentation links', () => {
  it.each(PAGES)('%s: every relative link resolves', (page) => {
    const broken: string[] = [];
    for (const link of linksOf(page)) {
      const [path = '', anchor] = link.split('#', 2) as [string, string | undefined];
      const target = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
      if (relative(ROOT, join(ROOT, target)).startsWith('..') || !existsSync(join(ROOT, target))) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${target}`);
    }
    expect(broken).toEqual([]);
  });

  it('every screenshot in docs/images is shown in the docs', () => {
    const shown = new Set(PAGES.flatMap((page) => linksOf(page).map((l) => normalize(join(dirname(page), l.split('#')[0] as string)))));
    for (const image of readdirSync(join(ROOT, 'docs/images'))) expect(shown.has(`docs/images/${image}`), `docs/images/${image}`).toBe(true);
  });

  it('the user documentation cites no internal issue numbers', () => {
    for (const page of docPages()) {
      const cited = read(page).match(/\bissues? \d+|\(#\d+\)|\bissue #\d+/gi) ?? [];
      expect(cited, page).toEqual([]);
    }
  });
});
