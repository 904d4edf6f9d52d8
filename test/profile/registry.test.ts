// The decision-point registry (spec/decision-points.ts) stays true to spec/ and to the checker:
// every point names an x-doppel-decision, every decision has a point or a reason, every point has
// a check that observes it, and spec/profile.schema.json is the schema built from the registry
// (`npm run gen:profile-schema` rewrites it).
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../conformance/index.js';
import { CODE_FOR_STATUS } from '../../mock/api/status-error.js';
import { ERROR_CODES } from '../../mock/domain/error-codes.js';
import { DECISION_POINTS, NOT_LEARNABLE, decisions, profileSchema, type DecisionPoint } from '../../spec/index.js';

const SCHEMA = new URL('../../spec/profile.schema.json', import.meta.url);

describe('decision points', () => {
  it('each names a decision of spec/, once, and no decision is both a point and unlearnable', () => {
    const ids = new Set(decisions().map((d) => d.id));
    const points = DECISION_POINTS.map((p) => p.id);
    expect(new Set(points).size).toBe(points.length);
    // A decision's further points are `<decision-id>#<facet>`.
    for (const id of points) expect(ids.has(id.split('#')[0] as string), id).toBe(true);
    for (const id of Object.keys(NOT_LEARNABLE)) {
      expect(ids.has(id), id).toBe(true);
      expect(points as string[], id).not.toContain(id);
    }
  });

  it('each default is the choice its decision\'s summary states', () => {
    for (const p of DECISION_POINTS) {
      const summary = decisions().find((d) => d.id === p.id.split('#')[0])?.summary.replace(/\s+/g, ' ') ?? '';
      expect(summary, p.id).toContain(String(p.default));
    }
  });

  it('each is observed by a registered check citing its decision', () => {
    for (const p of DECISION_POINTS) {
      const observers = CHECKS.filter((c) => c.scope === 'scenario' && c.observes?.includes(p.id));
      expect(observers.length, p.id).toBeGreaterThan(0);
      for (const c of observers) expect(c.source, c.id).toContain(`decision:${p.id}`);
    }
  });

  it('an enum-valued point offers its default among its choices', () => {
    for (const p of DECISION_POINTS as readonly DecisionPoint[]) {
      if (p.kind === 'guard-order') expect(p.choices, p.id).toContain(p.default);
    }
  });

  it('a status point offers only statuses the fake answers with one error code each', () => {
    for (const p of DECISION_POINTS as readonly DecisionPoint[]) {
      if (p.kind !== 'status') continue;
      expect(p.statuses, p.id).toContain(p.default);
      for (const status of p.statuses ?? []) {
        const code = CODE_FOR_STATUS[status];
        expect(code, `${p.id} ${status}`).toBeDefined();
        expect(ERROR_CODES[code as keyof typeof ERROR_CODES]).toBe(status);
      }
    }
  });

  it('spec/profile.schema.json is the schema built from the registry', () => {
    const expected = `${JSON.stringify(profileSchema(), null, 2)}\n`;
    if (process.env['DOPPEL_UPDATE_SPEC'] === '1') writeFileSync(SCHEMA, expected);
    expect(readFileSync(SCHEMA, 'utf8'), 'stale: run npm run gen:profile-schema').toBe(expected);
  });
});
