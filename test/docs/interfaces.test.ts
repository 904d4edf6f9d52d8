// The contract lives in the repository (docs/interfaces/), and every explicit citation of it in the
// code (`seed trading §5.6`, `seed wallet §7`) names a section, or an item of a numbered section,
// that exists there. A citation that points nowhere is a defect a reader cannot follow.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clausesOf } from '../../spec/index.js';

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

describe('clause ids (spec/clauses.ts)', () => {
  const ids = new Set(INTERFACES.flatMap((name) => clausesOf(name, readFileSync(join(ROOT, 'docs', 'interfaces', `${name}.md`), 'utf8')).map((c) => c.id)));

  it('derive the ids of the grammar: items, bullets, endpoint rows, field rows, subheading rows, paragraphs', () => {
    for (const id of [
      'trading §5.6',
      'wallet §5.2',
      'trading §1 bullet 5',
      'wallet §7 bullet 1',
      'trading §4 GET /api/v1/account/orders',
      'wallet §4 POST /api/v1/wallets/{id}/send',
      'wallet §2 Transaction.date',
      'trading §7 403',
      'trading §8 limit',
      'trading §8 duration_hours default',
      'wallet §8 Requests',
      'trading §2 Balance entry.chain',
      'trading §4 Query of GET /api/v1/account/orders.limit',
      'trading §4 Body of POST /api/v1/spot/order.side',
      'trading §4 Body of copy endpoints./copy/start.copy_amount',
      'trading §4 Conventions',
      'wallet §8 Other limits',
      'trading §2 Price entry',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  it('number each document\'s clauses without a duplicate, none before section 1', () => {
    expect(clausesOf('trading', 'intro\n\n- before\n\n## 2. B\n\n1. one\n- bullet\n').map((c) => c.id)).toEqual(['trading §2.1', 'trading §2 bullet 1']);
    expect(() => clausesOf('wallet', '## 1. A\n\n| a | b |\n|---|---|\n| k | 1 |\n\n| a | b |\n|---|---|\n| k | 2 |\n')).toThrow(/occurs twice/);
  });
});
