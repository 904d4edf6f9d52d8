// The relative links of Markdown pages under one root, and which of them do not resolve there:
// a file that exists inside the root and, for `#anchor` on a .md page, a heading (GitHub's anchor
// rule) or an `<a id>` of that page. Used on the repository and on the packed tarball.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { slug } from '../../../scripts/api-reference.js';
import { prose } from './doc-pages.js';

/** The anchors of a page as GitHub makes them: heading slugs (repeats get -1, -2, …) and `<a id>`s. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const used = new Map<string, number>();
  for (const m of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const plain = (m[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = slug(plain);
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of prose(text).matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(m[1] as string);
  return anchors;
}

/** Relative link targets of a page (inline links and images, outside code). */
export function linksOf(text: string): string[] {
  return [...prose(text).replace(/`[^`\n]*`/g, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The links of `page` (a path relative to `root`) that do not resolve inside `root`, each with why. */
export function brokenLinks(root: string, page: string): string[] {
  const broken: string[] = [];
  for (const link of linksOf(readFileSync(join(root, page), 'utf8'))) {
    const [path = '', anchor] = link.split('#', 2) as [string, string | undefined];
    const target = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
    if (relative(root, join(root, target)).startsWith('..') || !existsSync(join(root, target))) {
      broken.push(`${link}: no such file`);
      continue;
    }
    if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(readFileSync(join(root, target), 'utf8')).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${target}`);
  }
  return broken;
}
