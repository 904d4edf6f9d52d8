// Runs fuzz cases against a running fake over raw HTTP and judges each answer: a 4xx in
// the error envelope with a JSON content type (a 200 only where the case allows it, in the
// documented shape), never a 5xx; the server answers the next request; a rejected request leaves
// the state as it was; Object.prototype stays clean.
import type { RunningMock } from '../../../mock/index.js';
import { answerProblems } from './http-client.js';
import type { FuzzCase } from './fuzz-cases.js';
import { rawExchange } from './raw-http.js';

export interface FuzzTally {
  cases: number;
  byKind: Map<string, number>;
  byStatus: Map<number, number>;
  accepted: number;
  problems: string[];
}

export function newTally(): FuzzTally {
  return { cases: 0, byKind: new Map(), byStatus: new Map(), accepted: 0, problems: [] };
}

/** What a rejected request must not change: the money, the records and the clock of both interfaces. */
export function stateFingerprint(running: RunningMock): string {
  const { trading, wallet, prices } = running.fake.models;
  const w = wallet.state;
  return JSON.stringify(
    {
      now: running.fake.clock.now(),
      btc: prices.priceOf('BTC'),
      trading: trading.exportState(),
      users: w.users.size,
      walletKeys: w.keys.size,
      wallets: [...w.wallets.values()].map((x) => [x.native, [...x.tokens]]),
      transfers: [...w.transfers.values()].map((x) => x.status),
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}

const HEALTH = { trading: '/api/v1/markets', wallet: '/api/v1/chains' } as const;

/** Sends one case and records every problem with its answer in the tally. */
export async function runFuzzCase(running: RunningMock, c: FuzzCase, tally: FuzzTally): Promise<void> {
  const port = c.op.iface === 'trading' ? running.trading.port : running.wallet.port;
  const where = `${c.op.iface} ${c.op.name} [${c.kind}: ${c.label}]`;
  const note = (problem: string): void => {
    if (tally.problems.length < 100) tally.problems.push(`${where}: ${problem}`);
  };
  tally.cases++;
  tally.byKind.set(c.kind, (tally.byKind.get(c.kind) ?? 0) + 1);
  const before = stateFingerprint(running);
  let answer;
  try {
    answer = await rawExchange(port, { method: c.method, target: c.target, headers: c.headers, ...(c.body ? { body: c.body } : {}) });
  } catch (error) {
    note(`no answer: ${(error as Error).message}`);
    return;
  }
  tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
  for (const p of answerProblems(c.op.iface, c.method, c.target, answer.status, answer.headers['content-type'], answer.text)) note(p);
  if (answer.status >= 200 && answer.status < 300) {
    tally.accepted++;
    if (!c.mayAccept) note(`accepted (${answer.status}) an input that must be refused: ${answer.text.slice(0, 160)}`);
  } else {
    if (answer.status < 400 || answer.status >= 500) note(`answered ${answer.status}`);
    if (stateFingerprint(running) !== before) note(`state changed after a rejected request (${answer.status})`);
  }
  try {
    const health = await rawExchange(port, { method: 'GET', target: HEALTH[c.op.iface], headers: [] });
    if (health.status !== 200) note(`the server then answered ${HEALTH[c.op.iface]} with ${health.status}`);
  } catch (error) {
    note(`the server stopped answering: ${(error as Error).message}`);
  }
  const probe = {} as Record<string, unknown>;
  if (probe['polluted'] !== undefined || ([] as unknown as Record<string, unknown>)['polluted'] !== undefined) note('Object.prototype was polluted');
}
