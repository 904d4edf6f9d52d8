// A fixed, seeded sample of the generated mutants (`npm run mutation` runs them all): each judged as
// the full run judges it, and the sample's score must reach the target. The full run's figures,
// in bench/mutation-score.json, are the README's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateMutants, sampleMutants } from './generate-mutants.js';
import { tracked, type Application } from './mutant.js';
import { recordClean, runMutant, shapeKey, shapeOf, type MutantResult, type Recorded } from './run-mutant.js';
import { percentOf, type Score } from './score.js';

/** The share of applied mutants the checker must kill (bench/MUTATION.md). */
const TARGET = 95;
const SAMPLE = 100;

describe('mutation score', () => {
  it('the operators generate at least 500 mutants, over both interfaces, each naming its rule', () => {
    const all = generateMutants();
    const live = all.filter((m) => !m.equivalent);
    expect(live.length).toBeGreaterThanOrEqual(500);
    for (const iface of ['trading', 'wallet'] as const) expect(live.filter((m) => m.iface === iface).length).toBeGreaterThan(100);
    for (const m of all) expect(m.violates.kind === 'seed' ? m.violates.clauses.length : m.violates.decision.length, m.id).toBeGreaterThan(0);
  });

  it('a layer that gives back what it was given is not applied', () => {
    const seen: Application[] = [];
    const layer = tracked({ request: (req) => ({ ...req }), response: (_req, res) => ({ ...res, headers: { ...res.headers } }) }, seen);
    const req = { method: 'GET', path: '/api/v1/prices', headers: { accept: 'application/json' }, body: '' };
    layer.request?.(req);
    layer.response?.(req, { status: 200, headers: { 'content-type': 'application/json' }, body: '{"success":true}' });
    expect(seen).toEqual([]);
  });

  it(`kills at least ${TARGET}% of a seeded sample of ${SAMPLE} that its traffic reaches; the unmutated fake passes`, async () => {
    const cleans = new Map<string, Recorded[]>();
    const results: MutantResult[] = [];
    for (const m of sampleMutants(SAMPLE, 2026)) {
      const key = shapeKey(shapeOf(m));
      if (!m.concurrency && !cleans.has(key)) {
        const clean = await recordClean(shapeOf(m));
        expect(clean.report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.message}`), `the unmutated fake (${key})`).toEqual([]);
        cleans.set(key, clean.exchanges);
      }
      results.push(await runMutant(m, cleans.get(key)));
    }
    const applied = results.filter((r) => r.outcome === 'killed' || r.outcome === 'survived');
    const killed = applied.filter((r) => r.outcome === 'killed');
    expect(applied.length, 'mutants the traffic reached').toBeGreaterThan(SAMPLE / 2);
    const survivors = applied.filter((r) => r.outcome === 'survived').map((r) => r.id);
    expect(percentOf(killed.length, applied.length), `survivors: ${survivors.join('; ')}`).toBeGreaterThanOrEqual(TARGET);
  }, 180_000);

  it('the README states the full run\'s figure, which meets the target with clean controls', () => {
    const score = JSON.parse(readFileSync(new URL('../../bench/mutation-score.json', import.meta.url), 'utf8')) as Score;
    expect(score.generated).toBe(generateMutants().length);
    expect(score.percent).toBeGreaterThanOrEqual(TARGET);
    expect(score.controlsClean).toBe(true);
    expect(score.controls).toBe(80);
  });
});
