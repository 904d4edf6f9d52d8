// The generated tables of docs/reference/ (doppel's decisions and decision points from spec/, the
// conformance checks from the registry) stay true: this test fails when one is stale.
// `npm run gen:docs-tables` (and `npm run gen:docs`) run it with DOPPEL_UPDATE_DOCS=1, which
// rewrites the tables between their markers instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../conformance/index.js';
import { NOT_LEARNABLE, decisions, pointsOf } from '../../spec/index.js';
import { figureLine, relationsLine, renderCoverage, renderRelations, seedCoverage, unknownCitations } from './support/seed-coverage.js';

const DECISIONS_PAGE = new URL('../../docs/reference/decision-points.md', import.meta.url);
const CHECKS_PAGE = new URL('../../docs/reference/checks.md', import.meta.url);
const COVERAGE_PAGE = new URL('../../docs/reference/seed-coverage.md', import.meta.url);
const README = new URL('../../README.md', import.meta.url);
/** An assertion's source as the checks table shows it: a long list of clauses is counted, the coverage page lists them. */
const sourceCell = (a: { source: string; clauses: readonly string[]; kind: string }) =>
  a.kind === 'seed' && a.clauses.length > 3 ? `${a.clauses[0]} and ${a.clauses.length - 1} more clauses` : a.source.replace(/^(seed |decision:)/, '') + (a.kind === 'decision' && a.clauses.length ? `; refines ${a.clauses.length > 2 ? `${a.clauses.length} clauses` : a.clauses.join(', ')}` : '');
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

const TABLES: Record<string, { file: URL; render: () => string }> = {
  decisions: { file: DECISIONS_PAGE, render: () =>
    [
      '| id | seed document says | doppel decides |',
      '|---|---|---|',
      ...decisions().map((d) => `| \`${d.id}\` | ${cell(d.seed)} | ${cell(d.summary)} |`),
    ].join('\n') },
  'decision-points': { file: DECISIONS_PAGE, render: () =>
    [
      '| decision | facet | kind | doppel | learnable |',
      '|---|---|---|---|---|',
      // One row per point (a facet for a decision's further points: `<decision>#<facet>`), then the reason
      // the rest of the decision, or all of it, stays fixed.
      ...decisions().flatMap((d) => {
        const rows = pointsOf(d.id).map((p) => {
          const choices = p.choices ?? p.statuses;
          const values = choices ? ` (of ${choices.map((c) => JSON.stringify(c)).join(', ')})` : '';
          return `| \`${d.id}\` | ${p.id === d.id ? '' : `\`${p.id.slice(d.id.length)}\``} | ${p.kind} | ${cell(JSON.stringify(p.default) + values)} | yes: ${cell(p.learn)} |`;
        });
        const reason = NOT_LEARNABLE[d.id];
        if (reason !== undefined) rows.push(`| \`${d.id}\` | | | | no: ${cell(reason)} |`);
        return rows;
      }),
    ].join('\n') },
  // Per check, its seed assertions (they fail a run by default) and its decision assertions (they
  // fail it under --strict, or against the embedded fake).
  checks: { file: CHECKS_PAGE, render: () =>
    [
      '| id | interfaces | checks that | seed / decision | seed assertions (fail by default) | decision assertions (fail under --strict) |',
      '|---|---|---|---|---|---|',
      ...CHECKS.map((c) => {
        const list = (kind: string) =>
          c.assertions
            .filter((a) => a.kind === kind)
            .map((a) => `\`${a.id}\`${c.assertions.length > 1 ? `: ${a.says}` : ''} (${sourceCell(a)})`)
            .join('<br>');
        const count = (kind: string) => c.assertions.filter((a) => a.kind === kind).length;
        return `| \`${c.id}\` | ${c.appliesTo.join(', ')} | ${cell(c.title)} | ${count('seed')} / ${count('decision')} | ${cell(list('seed'))} | ${cell(list('decision'))} |`;
      }),
    ].join('\n') },
  // docs/reference/seed-coverage.md: every clause of both documents and what judges it.
  'seed-coverage': { file: COVERAGE_PAGE, render: renderCoverage },
  // The same page: the resource graph (spec/resource-graph.ts) and its relations.
  relations: { file: COVERAGE_PAGE, render: renderRelations },
  // The figure where the README and the checks reference link the page.
  'seed-coverage-figure': { file: README, render: () => `Seed coverage: ${figureLine()}; between answers, ${relationsLine()} ([seed coverage](docs/reference/seed-coverage.md)).` },
  // The full mutation run's score (`npm run mutation` writes bench/mutation-score.json).
  'mutation-figure': { file: README, render: mutationLine },
  'checks-coverage-figure': { file: CHECKS_PAGE, render: () => `Seed coverage: ${figureLine()}; between answers, ${relationsLine()} ([seed coverage](seed-coverage.md#relations)).` },
};

/** The README's sentence on the full mutation run (bench/MUTATION.md). */
function mutationLine(): string {
  const score = JSON.parse(readFileSync(new URL('../../bench/mutation-score.json', import.meta.url), 'utf8')) as { percent: number; applied: number; generated: number; equivalent: number; notReached: number };
  const n = (x: number) => x.toLocaleString('en-US');
  return `Mutation score: \`doppel check\` kills **${score.percent}% of ${n(score.applied)} generated breakages** its traffic reaches (${n(score.generated)} generated from the spec and the resource graph, ${n(score.equivalent)} equivalent, ${n(score.notReached)} not reached; by operator, with every survivor, in \`bench/MUTATION.md\` of the repository).`;
}

describe('generated tables in docs/reference/', () => {
  for (const [name, { file, render }] of Object.entries(TABLES)) {
    it(`${name} table is current`, () => {
      const start = `<!-- ${name}:start -->`;
      const end = `<!-- ${name}:end -->`;
      const page = file.pathname.slice(file.pathname.indexOf('/docs/') + 1);
      const text = readFileSync(file, 'utf8');
      const from = text.indexOf(start);
      const to = text.indexOf(end);
      expect(from, `${page} lacks the ${name} markers`).toBeGreaterThan(-1);
      expect(to).toBeGreaterThan(from);
      const expected = `${start}\n${render()}\n${end}`;
      if (process.env.DOPPEL_UPDATE_DOCS === '1') {
        writeFileSync(file, text.slice(0, from) + expected + text.slice(to + end.length));
        return;
      }
      expect(text.slice(from, to + end.length), `${page}: the ${name} table is stale: run npm run gen:docs-tables`).toBe(expected);
    });
  }

  it('every clause of the interface documents is judged by an assertion or explained, not both', () => {
    const rows = seedCoverage();
    expect(rows.length).toBeGreaterThan(100);
    const neither = rows.filter((r) => r.seed.length + r.decision.length === 0 && r.reason === undefined).map((r) => r.clause.id);
    expect(neither, 'clauses without an assertion or a reason (conformance/checks/unjudged-clauses.ts)').toEqual([]);
    const both = rows.filter((r) => r.seed.length + r.decision.length > 0 && r.reason !== undefined).map((r) => r.clause.id);
    expect(both, 'clauses both judged and explained').toEqual([]);
  });

  it('every clause an assertion cites exists in docs/interfaces', () => {
    expect(unknownCitations()).toEqual([]);
  });

  it('every decision a check cites exists in spec/', () => {
    const ids = new Set(decisions().map((d) => d.id));
    for (const check of CHECKS) {
      const cited = check.assertions.map((a) => a.source).join(' ').match(/decision:([a-z0-9.*-]+)/g) ?? [];
      for (const c of cited) {
        const id = c.slice('decision:'.length);
        if (id === '*') continue;
        expect(ids.has(id), `${check.id} cites unknown decision ${id}`).toBe(true);
      }
    }
  });
});
