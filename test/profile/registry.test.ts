// The decision-point registry (spec/decision-points.ts) stays true to spec/ and to the checker:
// every point names an x-doppel-decision, every decision has a point or a reason, every point has
// a check that observes it, and spec/profile.schema.json is the schema built from the registry
// (`npm run gen:profile-schema` rewrites it).
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../conformance/index.js';
import { CODE_FOR_STATUS } from '../../mock/api/status-error.js';
import { ERROR_CODES } from '../../mock/domain/error-codes.js';
import { DECISION_POINTS, NOT_LEARNABLE, decisionOf, decisions, pointsOf, profileSchema, type DecisionPoint } from '../../spec/index.js';

const SCHEMA = new URL('../../spec/profile.schema.json', import.meta.url);

describe('decision points', () => {
  it('each names a decision of spec/, once, and no decision is both a point and unlearnable', () => {
    const ids = new Set(decisions().map((d) => d.id));
    const points = DECISION_POINTS.map((p) => p.id);
    expect(new Set(points).size).toBe(points.length);
    for (const id of points) expect(ids.has(decisionOf(id)), id).toBe(true);
    for (const id of Object.keys(NOT_LEARNABLE)) {
      expect(ids.has(id), id).toBe(true);
      expect(points as string[], id).not.toContain(id);
    }
  });

  it('every decision without a point says why it stays fixed', () => {
    for (const d of decisions()) {
      if (pointsOf(d.id).length === 0) expect(NOT_LEARNABLE[d.id], d.id).toMatch(/\w{3}/);
    }
  });

  it('each default is the choice its decision\'s summary states (and one of its choices)', () => {
    const plain = (text: string) => text.replace(/\s+/g, ' ').replace(/-/g, ' ').toLowerCase();
    for (const p of DECISION_POINTS as readonly DecisionPoint[]) {
      const summary = decisions().find((d) => d.id === decisionOf(p.id))?.summary ?? '';
      expect(plain(summary), p.id).toContain(plain(String(p.default)));
      if (p.choices) expect(p.choices, p.id).toContain(p.default);
    }
  });

  it('each is observed by a registered check citing its decision', () => {
    for (const p of DECISION_POINTS) {
      const observers = CHECKS.filter((c) => c.scope === 'scenario' && c.observes?.includes(p.id));
      expect(observers.length, p.id).toBeGreaterThan(0);
      for (const c of observers) expect(c.assertions.map((a) => a.source), c.id).toContain(`decision:${decisionOf(p.id)}`);
    }
  });

  it('a status point names its operation and offers a success status or statuses the fake answers with one error code each', () => {
    for (const p of DECISION_POINTS as readonly DecisionPoint[]) {
      if (p.kind !== 'status') continue;
      expect(p.operationId, p.id).toBeDefined();
      expect(p.statuses, p.id).toContain(p.default);
      const success = (p.statuses ?? []).filter((s) => s < 300);
      expect(success.length === 0 || success.length === p.statuses?.length, `${p.id}: success and error statuses mixed`).toBe(true);
      for (const status of (p.statuses ?? []).filter((s) => s >= 400)) {
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
