// `npm test` never imports from bench/ (a project standard: the bench is a
// separate program, and the tests must not depend on it): what the bench and the tests share
// lives in test/support/, which bench/ may import. Read as text so that a dynamic import counts too.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST_DIR = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('test/ and bench/', () => {
  it('no file under test/ imports from bench/', () => {
    const files = sources(TEST_DIR);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => /(from|import\()\s*['"](\.\.\/)+bench\//.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => relative(TEST_DIR, f))).toEqual([]);
  });
});
