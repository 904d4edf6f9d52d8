// README's generated tables (doppel decisions from spec/, conformance checks from the registry)
// stay true: this test fails when one is stale. `npm run gen:readme` runs it with
// DOPPEL_UPDATE_README=1, which rewrites the tables instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../conformance/index.js';
import { DECISION_POINTS, NOT_A_PARAMETER, NOT_LEARNABLE, decisions, type DecisionPoint } from '../spec/index.js';

const README = new URL('../README.md', import.meta.url);
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

const TABLES: Record<string, () => string> = {
  decisions: () =>
    [
      '| id | seed document says | doppel decides |',
      '|---|---|---|',
      ...decisions().map((d) => `| \`${d.id}\` | ${cell(d.seed)} | ${cell(d.summary)} |`),
    ].join('\n'),
  'decision-points': () =>
    [
      '| decision | point | kind | doppel | learnable |',
      '|---|---|---|---|---|',
      ...decisions().flatMap((d) => {
        // A decision's points: its own id, then `<decision-id>#<facet>`, one row each.
        const points = (DECISION_POINTS as readonly DecisionPoint[]).filter((x) => x.id.split('#')[0] === d.id);
        if (points.length) return points.map((p) => `| \`${p.id}\` | ${cell(p.meaning)} | ${p.kind} | ${cell(JSON.stringify(p.default))} | yes: ${cell(p.learn)} |`);
        return [`| \`${d.id}\` | | | | no: ${cell(NOT_LEARNABLE[d.id] ?? NOT_A_PARAMETER)} |`];
      }),
    ].join('\n'),
  checks: () =>
    [
      '| id | kind | interfaces | source | checks that |',
      '|---|---|---|---|---|',
      ...CHECKS.map((c) => `| \`${c.id}\` | ${c.kind} | ${c.appliesTo.join(', ')} | ${cell(c.source)} | ${cell(c.title)} |`),
    ].join('\n'),
};

describe('README generated tables', () => {
  for (const [name, render] of Object.entries(TABLES)) {
    it(`${name} table is current`, () => {
      const start = `<!-- ${name}:start -->`;
      const end = `<!-- ${name}:end -->`;
      const text = readFileSync(README, 'utf8');
      const from = text.indexOf(start);
      const to = text.indexOf(end);
      expect(from, `README lacks the ${name} markers`).toBeGreaterThan(-1);
      expect(to).toBeGreaterThan(from);
      const expected = `${start}\n${render()}\n${end}`;
      if (process.env.DOPPEL_UPDATE_README === '1') {
        writeFileSync(README, text.slice(0, from) + expected + text.slice(to + end.length));
        return;
      }
      expect(text.slice(from, to + end.length), `README ${name} table is stale: run npm run gen:readme`).toBe(expected);
    });
  }

  it('every decision a check cites exists in spec/', () => {
    const ids = new Set(decisions().map((d) => d.id));
    for (const check of CHECKS) {
      const cited = check.source.match(/decision:([a-z0-9.-]+)/g) ?? [];
      for (const c of cited) {
        const id = c.slice('decision:'.length);
        if (id === '*') continue;
        expect(ids.has(id), `${check.id} cites unknown decision ${id}`).toBe(true);
      }
    }
  });
});
