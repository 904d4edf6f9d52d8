// README is read first by someone who installed the package: what doppel is, Install, the three
// quick starts and the guides come before anything about a clone; Development still opens with
// the two commands a fresh clone needs; the citation grammar of the code lives in
// docs/ARCHITECTURE.md, not in README; and README stays short.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/doc-pages.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1] as string);
const section = (heading: string) => {
  const start = readme.indexOf(`## ${heading}\n`);
  const next = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, next === -1 ? undefined : next);
};

describe('README', () => {
  it('is for the package user first: Install, three quick starts and the guides before Development', () => {
    expect(headings.slice(0, 5)).toEqual([
      'Install',
      'Quick start: a stub server for your client\'s tests',
      'Quick start: checking a deployment',
      'Quick start: generating fixtures',
      'Documentation',
    ]);
    expect(headings).toContain('Development');
    const beforeDevelopment = readme.slice(0, readme.indexOf('## Development\n'));
    expect(beforeDevelopment).not.toContain('npm ci');
    expect(beforeDevelopment).not.toContain('npm start');
  });

  it('Development opens with npm ci && npm start and npm ci && npm test', () => {
    const block = /```[^\n]*\n([\s\S]*?)```/.exec(section('Development'))?.[1] ?? '';
    expect(block).toMatch(/^npm ci && npm start\b/m);
    expect(block).toMatch(/^npm ci && npm test\b/m);
  });

  it('leaves the citation grammar to docs/ARCHITECTURE.md', () => {
    expect(readme).not.toMatch(/§N/);
    expect(readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8')).toMatch(/`§N\.M` item M of its numbered list/);
  });

  it('stays under 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });
});
