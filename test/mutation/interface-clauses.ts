// The clauses of each interface document by id, with their text (spec/clauses.ts), read from
// docs/interfaces/ above this file, wherever it was compiled to (bench runs it from dist/bench-build/).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clausesOf } from '../../spec/index.js';

function docsDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'docs', 'interfaces');
    if (existsSync(join(candidate, 'trading.md'))) return candidate;
  }
  throw new Error('docs/interfaces/ not found above test/mutation/');
}

const texts = new Map<'trading' | 'wallet', Map<string, string>>();

export function interfaceClauses(iface: 'trading' | 'wallet'): Map<string, string> {
  let ids = texts.get(iface);
  if (!ids) texts.set(iface, (ids = new Map(clausesOf(iface, readFileSync(join(docsDir(), `${iface}.md`), 'utf8')).map((c) => [c.id, c.text]))));
  return ids;
}
