// Concurrency: 64 clients drive both interfaces over real HTTP at once, mixed reads and
// writes on shared accounts (8 clients per trading key, 8 per wallet user), with admin clock
// moves, price pins, deposits and failed transactions in between. Afterwards: no 5xx, every answer
// in its documented shape, no negative balance, funds conserved to the 8th decimal from the
// acknowledged operations, every acknowledged order and transaction present. The long run is
// bench/robustness (npm run bench:robustness).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { auditSnapshot } from '../support/robustness/audit-snapshot.js';
import { checkInvariants } from '../support/robustness/check-invariants.js';
import { createCheckedClient, type CheckedClient } from '../support/robustness/http-client.js';
import { prepareLoad, runLoad, settleAfterLoad, type LoadOptions } from '../support/robustness/load-driver.js';

const OPTIONS: LoadOptions = { clients: 64, maxRequests: 4000, durationMs: 10_000, seed: 8, accounts: 8, walletUsers: 8 };

let running: RunningMock;
let http: CheckedClient;

beforeAll(async () => {
  running = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, walletRateLimit: 1_000_000 });
  http = createCheckedClient({ tradingUrl: running.trading.url, walletUrl: running.wallet.url, connections: OPTIONS.clients });
});

afterAll(async () => {
  await http?.close();
  await running?.close();
});

describe('64 concurrent clients on shared accounts', () => {
  it('keep every invariant', async () => {
    const world = await prepareLoad(http, OPTIONS);
    const before = auditSnapshot(running.fake);
    const record = await runLoad(http, world, OPTIONS);
    await settleAfterLoad(http);
    const after = auditSnapshot(running.fake);
    const report = checkInvariants(world, record, before, after);

    expect(http.problems, `${http.problemCount} answers off the contract`).toEqual([]);
    expect(report.violations).toEqual([]);

    // The load really was mixed and concurrent: writes of every kind were acknowledged.
    const ok = (op: string): number => record.statuses.get(op)?.get(200) ?? 0;
    for (const op of ['placeSpotOrder', 'cancelSpotOrder', 'placeMarginOrder', 'placeFuturesOrder', 'placeBinaryOrder', 'startCopy', 'stopCopy', 'sendFromWallet', 'adminAdvanceClock', 'adminSetPrice']) {
      expect(ok(op), `${op} acknowledged`).toBeGreaterThan(0);
    }
    expect(http.requests).toBeGreaterThanOrEqual(1000);
    expect(report.figures.ordersChecked).toBeGreaterThan(100);
    expect(report.figures.transactionsChecked).toBeGreaterThan(50);
    // No status outside what the operations document (and 200).
    for (const [op, byStatus] of record.statuses) for (const status of byStatus.keys()) expect([200, 400, 404, 409], op).toContain(status);

    // The checks can fail: one unit of 1e-8 more, a lost order, a lost transaction are noticed.
    const tampered = structuredClone(after);
    const row = tampered.trading.accounts.find((a) => a.id === world.accounts[0]?.accountId)?.rows[0];
    if (row === undefined) throw new Error('no row to tamper with');
    row.available = (BigInt(row.available.replace('.', '')) + 1n).toString().replace(/(\d{8})$/, '.$1');
    tampered.trading.orders.pop();
    tampered.wallet.transfers.pop();
    const w = tampered.wallet.wallets.find((x) => x.id === world.wallets[0]?.id);
    if (w !== undefined) w.history.pop();
    const caught = checkInvariants(world, record, before, tampered).violations.join('\n');
    expect(caught).toMatch(/holds .*acknowledged operations give/);
    expect(caught).toMatch(/acknowledged but is not in the state/);
  });
});
