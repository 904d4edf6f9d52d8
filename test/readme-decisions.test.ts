// README's decisions table is generated from spec/'s x-doppel-decision entries; this test keeps it true.
// `npm run gen:readme` runs this file with DOPPEL_UPDATE_README=1, which rewrites the table instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decisions } from '../spec/index.js';

const README = new URL('../README.md', import.meta.url);
const START = '<!-- decisions:start -->';
const END = '<!-- decisions:end -->';

function table(): string {
  const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  const rows = decisions().map((d) => `| \`${d.id}\` | ${cell(d.seed)} | ${cell(d.summary)} |`);
  return ['| id | seed document says | doppel decides |', '|---|---|---|', ...rows].join('\n');
}

describe('README decisions table', () => {
  it('lists every x-doppel-decision of spec/', () => {
    const text = readFileSync(README, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, 'README lacks the decisions markers').toBeGreaterThan(-1);
    const expected = `${START}\n${table()}\n${END}`;
    const current = text.slice(start, end + END.length);
    if (process.env.DOPPEL_UPDATE_README === '1') {
      writeFileSync(README, text.slice(0, start) + expected + text.slice(end + END.length));
      return;
    }
    expect(current, 'README decisions table is stale: run npm run gen:readme').toBe(expected);
  });
});
