// The contract lives in the repository (docs/interfaces/), and every explicit citation of it in the
// code (`seed trading §5.6`, `seed wallet §7`) names a section, or an item of a numbered section,
// that exists there. A citation that points nowhere is a defect a reader cannot follow.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const INTERFACES = ['trading', 'wallet'] as const;

/** Section numbers (`## 5. Authentication` → '5') and numbered items (`5.6`) of a document. */
function anchors(name: string): Set<string> {
  const text = readFileSync(join(ROOT, 'docs', 'interfaces', `${name}.md`), 'utf8');
  const found = new Set<string>();
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^## (\d+)\. /.exec(line);
    if (heading?.[1]) {
      section = heading[1];
      found.add(section);
      continue;
    }
    const item = /^(\d+)\. /.exec(line);
    if (item?.[1] && section) found.add(`${section}.${item[1]}`);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'generated' ? [] : sourceFiles(path);
    return /\.(ts|yaml)$/.test(entry) ? [path] : [];
  });
}

describe('docs/interfaces', () => {
  it.each(INTERFACES)('%s.md carries the nine numbered sections of the seed document', (name) => {
    const found = anchors(name);
    for (let n = 1; n <= 9; n++) expect(found.has(String(n)), `${name}.md lacks section ${n}`).toBe(true);
  });

  it('every explicit citation (seed trading §N, seed wallet §N.M) resolves', () => {
    const known = Object.fromEntries(INTERFACES.map((name) => [name, anchors(name)]));
    const cited: string[] = [];
    for (const file of ['spec', 'mock', 'conformance', 'fixtures', 'bin'].flatMap((d) => sourceFiles(join(ROOT, d)))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/seed (trading|wallet),? §\s?(\d+(?:\.\d+)?)/g)) {
        const [, name, anchor] = match as unknown as [string, 'trading' | 'wallet', string];
        cited.push(`${name} §${anchor}`);
        expect(known[name]!.has(anchor), `${file.slice(ROOT.length)} cites seed ${name} §${anchor}, which docs/interfaces/${name}.md lacks`).toBe(true);
      }
    }
    // The scan must have found citations, or it checked nothing.
    expect(cited.length).toBeGreaterThan(10);
  });
});
