// The suite proves each clause: every clause of the interface documents that an assertion judges
// has a breaking layer in front of doppel mock (clause-breakages.ts) that the assertions citing it
// kill: the run fails (without --strict for a seed assertion, with it for a decision's), and the
// failure is one of those assertions, whose source names the clause. Each breakage runs only the
// checks that cite its clause, with one explorer run, so the whole suite stays short. That doppel
// mock unbroken passes every check over 20 seeds is state-class-kills.test.ts's last test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allClauses } from '../docs/support/seed-coverage.js';
import { CLAUSE_BREAKAGES, clauseOf } from './clause-breakages.js';
import { citing, killsClause } from './kill-runs.js';

const judgeable = allClauses()
  .map((c) => c.id)
  .filter((id) => citing(id, true).size > 0);
const killed = new Set<string>();

describe('every judgeable clause is killed by its assertions', () => {
  for (const b of CLAUSE_BREAKAGES) {
    it(`${b.clause}: ${b.name}${b.strict ? ' (--strict)' : ''}`, async () => {
      expect(judgeable, `${clauseOf(b)} is judged by no assertion`).toContain(clauseOf(b));
      const result = await killsClause(b);
      expect(result.killed, result.why).toBe(true);
      killed.add(clauseOf(b));
    });
  }

  it('no judgeable clause lacks a killing breakage', () => {
    console.log(`clauses: ${judgeable.length} judgeable, ${killed.size} killed`);
    const without = judgeable.filter((id) => !killed.has(id));
    expect(without).toEqual([]);
    const guide = readFileSync(new URL('../../docs/guides/checking-a-deployment.md', import.meta.url), 'utf8');
    expect(guide.replace(/\s+/g, ' '), 'docs/guides/checking-a-deployment.md states another figure').toContain(`Clauses killed: **${killed.size} of ${judgeable.length} judgeable**`);
  });
});
