// The fake stays right under races, in process: fast-check's scheduler chooses the order in which
// overlapping requests through fake.fetch are applied and answered; every history is judged by the
// history judge against the race checks' own models (sends from one wallet with balance reads; one
// e-mail registered by several clients). A logical clock gives each request its start and end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFake } from '../../../mock/index.js';
import { judgeHistory, type HistoryOp } from '../../../conformance/model/linearizability.js';
import { balanceModel } from '../../../conformance/checks/race/wallet-send-race.js';
import { uniqueEmailModel } from '../../../conformance/checks/race/register-race.js';

const W = 'http://wallet.doppel.test/api/v1';
const KEY = 'demo-wallet-key';
const units = (text: string): bigint => {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0').slice(0, 8));
};
const decimal = (u: bigint): string => `${u / 100_000_000n}.${(u % 100_000_000n).toString().padStart(8, '0')}`;

/** A request whose application and answer the scheduler releases; its start and end on a logical clock. */
function scheduledCall(s: fc.Scheduler, clock: { t: number }, call: () => Promise<Response>): Promise<{ res: Response; json: any; start: number; end: number }> {
  const start = ++clock.t;
  return s.schedule(Promise.resolve('apply')).then(async () => {
    const res = await call();
    const json = await res.json();
    await s.schedule(Promise.resolve('answer'));
    return { res, json, start, end: ++clock.t };
  });
}

describe('the fake under fast-check\'s scheduler (fake.fetch)', () => {
  it('overlapping sends and balance reads from one wallet are linearizable in every interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 2, max: 6 }), async (s, n) => {
        const fake = createFake({ seed: 5 });
        const get = (path: string) => fake.fetch(`${W}${path}`, { headers: { 'X-API-Key': KEY } });
        const post = (path: string, body: unknown) => fake.fetch(`${W}${path}`, { method: 'POST', headers: { 'X-API-Key': KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const wallets = ((await (await get('/wallets')).json()) as any).wallets as { id: number; chain: string; balance: string }[];
        const from = wallets.find((w) => units(w.balance) > 0n) as { id: number; chain: string; balance: string };
        const to = ((await (await post('/wallets/create', { chain: from.chain })).json()) as any).wallet.address as string;
        const start = units(from.balance);
        const amount = (2n * start) / BigInt(n + 1) + 1n;
        const clock = { t: 0 };
        type In = { send: bigint } | { read: true };
        type Out = 'accepted' | 'refused' | bigint;
        const history: HistoryOp<In, Out>[] = [];
        // n clients, each a send then a read of the balance.
        const clients = Array.from({ length: n }, async () => {
          const sent = await scheduledCall(s, clock, () => post(`/wallets/${from.id}/send`, { to_address: to, amount: decimal(amount), token_id: null }));
          history.push({ input: { send: amount }, output: sent.res.status === 200 ? 'accepted' : 'refused', start: sent.start, end: sent.end });
          const read = await scheduledCall(s, clock, () => get(`/wallets/${from.id}/balance`));
          history.push({ input: { read: true }, output: units(read.json.balance), start: read.start, end: read.end });
        });
        await s.waitFor(Promise.all(clients));
        const judged = judgeHistory(history, balanceModel(start));
        expect(judged.linearizable, `${s.report().map((t) => t.label).join(' ')}`).toBe(true);
        expect(history.filter((op) => op.output === 'accepted').length).toBeLessThanOrEqual(Math.floor(n / 2));
      }),
      { numRuns: 20, seed: 31 },
    );
  });

  it('one e-mail registered by several clients at once: the answers follow the duplicate rule in some order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 2, max: 5 }), async (s, n) => {
        const fake = createFake({ seed: 5 });
        const clock = { t: 0 };
        const body = JSON.stringify({ name: 'race', email: 'race@example.test', password: 'pw' });
        const answers = await s.waitFor(Promise.all(Array.from({ length: n }, () => scheduledCall(s, clock, () => fake.fetch(`${W}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })))));
        const history = answers.map((a) => ({ input: 'register' as const, output: a.res.status === 200, start: a.start, end: a.end }));
        expect(judgeHistory(history, uniqueEmailModel).linearizable).toBe(true);
        expect(history.filter((op) => op.output).length).toBe(1);
      }),
      { numRuns: 20, seed: 31 },
    );
  });
});
