// The portable core (docs/ARCHITECTURE.md): nothing under mock/core, mock/api,
// mock/domain or spec/ imports a node: module or reaches for Node globals, so the same pipeline and
// domain run in a browser (doppel/browser). Tests are exempt.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PORTABLE = ['mock/core', 'mock/api', 'mock/domain', 'spec', 'mock/admin', 'mock/browser.ts'];

function sources(path: string): string[] {
  const full = join(ROOT, path);
  if (full.endsWith('.ts')) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(path, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(full, entry.name)] : [],
  );
}

describe('the portable core', () => {
  const files = PORTABLE.flatMap(sources);

  it('covers the folders it names', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('imports no node: module, no Buffer and no process', () => {
    const offending = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const found = [
        ...text.matchAll(/(?:from|import)\s*\(?\s*['"](node:[^'"]+)['"]/g),
        ...text.matchAll(/^[^/\n]*(?<![.\w])(Buffer|process|require)\s*[.(]/gm),
      ].map((m) => m[1]);
      return found.map((what) => `${relative(ROOT, file)}: ${what}`);
    });
    expect(offending).toEqual([]);
  });
});
