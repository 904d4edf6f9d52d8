// Bad input, fast-check over real HTTP against every operation of both interfaces:
// malformed JSON, wrong content types, bodies over 1 MiB (413), 100k nested arrays,
// __proto__/constructor/prototype keys, 1e309, -0, 9-digit decimals, lone surrogates, RTL, NUL,
// empty strings, huge/duplicated/invalid key headers, path tricks in ids and query oddities. Every
// answer is a 4xx in the error envelope with a JSON content type (or a 200 where the input is in
// fact valid, in its documented shape); the server keeps answering; rejected requests change no
// state; nothing pollutes Object.prototype; the debug request log never shows a key or password.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { FUZZ_OPERATIONS, fuzzCaseArb, oversizeCase, validCase } from '../support/robustness/fuzz-cases.js';
import { newTally, runFuzzCase, type FuzzTally } from '../support/robustness/fuzz-runner.js';

const SECRETS = ['demo-trade-key', 'demo-read-key', 'demo-wallet-key', 'demo-password', 'fuzz-password'];
let running: RunningMock;
let logLines = 0;
const leaks: string[] = [];

beforeAll(async () => {
  running = await startMock({
    tradingPort: 0,
    walletPort: 0,
    clock: 'manual',
    walletRateLimit: 1_000_000,
    logLevel: 'debug',
    log: (line) => {
      logLines++;
      if (SECRETS.some((s) => line.includes(s)) && leaks.length < 5) leaks.push(line.slice(0, 300));
    },
  });
});

afterAll(async () => {
  await running?.close();
});

function expectClean(tally: FuzzTally): void {
  expect(tally.problems).toEqual([]);
  expect(leaks, 'a key or password in the request log').toEqual([]);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
}

describe('bad input over HTTP', () => {
  it('every operation: its valid request is accepted; a body over 1 MiB is a 413', async () => {
    const tally = newTally();
    for (const op of FUZZ_OPERATIONS) {
      await runFuzzCase(running, validCase(op), tally);
      if (op.method !== 'GET') {
        const big = newTally();
        await runFuzzCase(running, oversizeCase(op), big);
        expect(big.byStatus.get(413), `${op.iface} ${op.name}`).toBe(1);
        tally.problems.push(...big.problems);
      }
    }
    expectClean(tally);
    // The valid requests mostly succeed (a few are refused by state: e.g. cancel of order 1).
    expect(tally.accepted).toBeGreaterThan(FUZZ_OPERATIONS.length / 2);
  });

  it('random damage to every operation: 4xx in the envelope, no 5xx, no state change, no crash', async () => {
    const tally = newTally();
    const anyCase = fc.constantFrom(...FUZZ_OPERATIONS).chain((op) => fuzzCaseArb(op));
    await fc.assert(
      fc.asyncProperty(anyCase, async (c) => {
        const seen = tally.problems.length;
        await runFuzzCase(running, c, tally);
        if (tally.problems.length > seen) throw new Error(tally.problems.slice(seen).join('\n'));
      }),
      { numRuns: Number(process.env['DOPPEL_FUZZ_RUNS'] ?? 500), seed: Number(process.env['DOPPEL_FUZZ_SEED'] ?? 8) },
    );
    expectClean(tally);
    expect(logLines).toBeGreaterThan(500);
    // Every kind of damage was tried.
    expect([...tally.byKind.keys()].sort()).toEqual(
      ['content-type', 'deep-nesting', 'empty-strings', 'key-header', 'malformed-json', 'odd-headers', 'odd-value', 'path-trick', 'proto-keys', 'query', 'target'].sort(),
    );
  });
});
