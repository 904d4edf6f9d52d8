// GET /__doppel/state is written a piece at a time (mock/domain/snapshot/snapshot-pieces.ts) with
// other requests served between the pieces, and is the state of the instant it was asked for
// (mock/domain/export-cut.ts): writes that arrive mid-export, to records it has not written out
// yet, do not tear it. Order of events only, never a time.

import { afterEach, describe, expect, it } from 'vitest';
import { createFake, startMock, type Fake, type FakeRequest, type FakeResponse, type RunningMock } from '../../mock/index.js';
import { buildBigState } from '../support/big-state.js';

const KEY_HEADERS = { 'content-type': 'application/json' };
function request(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): FakeRequest {
  return { method, path, query: new URLSearchParams(), headers: { ...(body === undefined ? {} : KEY_HEADERS), ...headers }, body, ip: '127.0.0.1' };
}
function ok(response: FakeResponse): FakeResponse {
  if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
  return response;
}

describe('the export is the state of one instant', () => {
  it('writes mid-export to records not yet written out (fills, cancels, settlement, copies, balances, histories, transfers) do not show in it', () => {
    const fake = createFake({ walletRateLimit: 1_000_000 });
    const { key } = buildBigState(fake, 6_000);
    const trade = { 'api-key': key };
    const wallet = fake.models.wallet;
    const trading = fake.models.trading;
    const now = fake.clock.now();
    // Before the cut: a second ethereum wallet, a pending send between the two and one to be failed,
    // two copy relations, an open futures position and a binary order that expire later.
    const second = wallet.createWallet(1, 'ethereum');
    wallet.send(1, 1, { toAddress: second.address, amount: '0.1', tokenId: null });
    const toFail = wallet.send(1, 1, { toAddress: second.address, amount: '0.2', tokenId: null });
    const [first, other] = trading.activeTraders();
    ok(fake.trading.handle(request('POST', '/api/v1/copy/start', trade, { lead_trader_id: first!.id, copy_amount: 100 })));
    ok(fake.trading.handle(request('POST', '/api/v1/copy/start', trade, { lead_trader_id: other!.id, copy_amount: 100 })));
    ok(fake.trading.handle(request('POST', '/api/v1/futures/order', trade, { market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.001', leverage: 2, duration_hours: 1 })));
    ok(fake.trading.handle(request('POST', '/api/v1/binary/order', trade, { market: 'BTC', pair: 'USDT', direction: 'long', amount: '10', duration_minutes: 1 })));
    const lastOpen = trading.orders(trading.accounts().find((a) => a.keys.some((k) => k.key === key))!.account.id, { type: 'spot', status: 'open', limit: 1 }).at(0)!;

    const expected = JSON.stringify({ success: true, data: fake.exportState() });
    const answer = fake.trading.handle(request('GET', '/__doppel/state'));
    expect(answer.status).toBe(200);
    const chunks = answer.chunks!;
    expect(chunks).toBeDefined();
    let text = '';
    const first2 = chunks.next();
    text += first2.value ?? '';
    expect(text.length).toBeLessThan(expected.length / 4);

    // Mid-export, through the public handlers and the admin API.
    ok(fake.trading.handle(request('POST', '/api/v1/spot/cancel', trade, { order_id: lastOpen.id })));
    ok(fake.trading.handle(request('POST', '/api/v1/spot/order', trade, { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' })));
    // A price below the limit fills every other open limit order at once.
    ok(fake.trading.handle(request('POST', '/__doppel/prices/BTC', {}, { price_usd: '900' })));
    ok(fake.trading.handle(request('POST', '/api/v1/copy/stop', trade, { lead_trader_id: first!.id })));
    ok(fake.trading.handle(request('POST', `/__doppel/traders/${other!.id}`, {}, { daily_return: '0.02' })));
    ok(fake.wallet.handle(request('POST', '/__doppel/deposit', {}, { wallet_id: 1, amount: '5' })));
    ok(fake.wallet.handle(request('POST', `/__doppel/transactions/${toFail.hash}/fail`, {}, {})));
    // Confirms the pending send (transfer, receiver's balance and history), settles the futures and the binary order.
    fake.advance(2 * 3600_000);
    ok(fake.wallet.handle(request('POST', '/api/v1/wallets/create', { 'x-api-key': 'demo-wallet-key' }, { chain: 'bitcoin' })));

    for (let step = chunks.next(); step.done !== true; step = chunks.next()) text += step.value;
    expect(text).toBe(expected);
    // The writes happened, and the export's cut is gone (no pre-images kept any more).
    const after = fake.exportState();
    expect(after.trading.orders.find((o) => o.id === lastOpen.id)?.status).toBe('cancelled');
    expect(after.trading.orders.filter((o) => o.status === 'open' && o.type === 'spot')).toHaveLength(0);
    expect(after.trading.orders.filter((o) => o.status === 'settled')).toHaveLength(2);
    expect(after.wallet.transfers.find((t) => t.tx_hash === toFail.hash)?.status).toBe('failed');
    expect(after.wallet.wallets).toHaveLength(5);
    expect(JSON.parse(text).data.wallet.wallets).toHaveLength(4);
    expect(wallet.state.cuts).toHaveLength(0);
  });

  it('a state import or reset mid-export leaves the export on the state it started from', () => {
    const fake = createFake();
    buildBigState(fake, 3_000);
    const expected = JSON.stringify({ success: true, data: fake.exportState() });
    const answer = fake.wallet.handle(request('GET', '/__doppel/state'));
    let text = answer.chunks!.next().value ?? '';
    fake.reset();
    for (let step = answer.chunks!.next(); step.done !== true; step = answer.chunks!.next()) text += step.value;
    expect(text).toBe(expected);
    expect(fake.exportState().trading.orders.length).toBeLessThan(100);
  });

  it('a HEAD, an abandoned answer and an answer read as text all end the cut', () => {
    const fake = createFake();
    buildBigState(fake, 2_000);
    const cuts = (): number => fake.models.wallet.state.cuts.length;
    const head = fake.trading.handle(request('HEAD', '/__doppel/state'));
    expect([head.status, head.text, head.chunks, cuts()]).toEqual([200, '', undefined, 0]);
    const dropped = fake.trading.handle(request('GET', '/__doppel/state'));
    dropped.chunks!.next();
    expect(cuts()).toBe(1);
    dropped.chunks!.return!();
    expect(cuts()).toBe(0);
    // In-process callers of App.handle may read text or body: the rest is read at once.
    const whole = fake.trading.handle(request('GET', '/__doppel/state'));
    expect(cuts()).toBe(1);
    expect(JSON.parse(whole.text)).toEqual({ success: true, data: fake.exportState() });
    expect((whole.body as { data: { seed: number } }).data.seed).toBe(1);
    expect(cuts()).toBe(0);
    // The journal notes the export without keeping its text.
    expect(fake.requests({ path: '/__doppel/state', limit: 1 })[0]).toMatchObject({ status: 200, response: null });
  });
});

describe('requests sent during a large export are answered before it ends', () => {
  let mock: RunningMock | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('over HTTP: reads and a write between the pieces; the export holds what was there when it started', async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
    const { key } = buildBigState(mock.fake, 100_000);
    const events: string[] = [];
    const response = await fetch(`${mock.trading.url}/__doppel/state`);
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const first = await reader.read();
    text += decoder.decode(first.value, { stream: true });
    events.push('export started');
    const others = [
      ...Array.from({ length: 10 }, (_, i) =>
        fetch(`${mock!.trading.url}/api/v1/prices`).then(async (r) => {
          expect(r.status).toBe(200);
          await r.text();
          events.push(`prices ${i}`);
        }),
      ),
      fetch(`${mock.trading.url}/api/v1/spot/order`, { method: 'POST', headers: { 'api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' }) }).then(async (r) => {
        expect(r.status).toBe(200);
        await r.text();
        events.push('order placed');
      }),
      fetch(`${mock.wallet.url}/api/v1/wallets`, { headers: { 'x-api-key': 'demo-wallet-key' } }).then(async (r) => {
        expect(r.status).toBe(200);
        await r.text();
        events.push('wallets listed');
      }),
    ];
    const exported = (async () => {
      for (let step = await reader.read(); !step.done; step = await reader.read()) text += decoder.decode(step.value, { stream: true });
      events.push('export ended');
    })();
    await Promise.all([...others, exported]);
    expect(events[0]).toBe('export started');
    expect(events.at(-1)).toBe('export ended');
    expect(events).toHaveLength(14);
    const snapshot = JSON.parse(text).data;
    // 100,000 orders of the big account and the demo's own; not the order placed mid-export.
    expect(snapshot.trading.orders.length).toBe(mock.fake.exportState().trading.orders.length - 1);
  });

  it('a client that goes away mid-export ends the cut: the server keeps no pre-images for it', async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
    buildBigState(mock.fake, 50_000);
    const cuts = (): number => mock!.fake.models.wallet.state.cuts.length;
    const controller = new AbortController();
    const response = await fetch(`${mock.trading.url}/__doppel/state`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    expect(cuts()).toBe(1);
    controller.abort();
    await reader.read().catch(() => undefined);
    // The server sees the connection close on a later turn of its loop; bounded wait, no timing asserted.
    for (let i = 0; i < 200 && cuts() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cuts()).toBe(0);
    // And it still answers.
    expect((await fetch(`${mock.trading.url}/api/v1/prices`)).status).toBe(200);
  });

  it('fake.fetch and msw stream it too: a read sent after the export started resolves before its body ends', async () => {
    const fake: Fake = createFake();
    buildBigState(fake, 40_000);
    const expected = JSON.stringify({ success: true, data: fake.exportState() });
    const events: string[] = [];
    const exported = await fake.fetch('http://trading.doppel.test/__doppel/state');
    const body = exported.text().then((text) => {
      events.push('export ended');
      return text;
    });
    const prices = await fake.fetch('http://trading.doppel.test/api/v1/prices');
    events.push(`prices ${prices.status}`);
    expect(await body).toBe(expected);
    expect(events).toEqual(['prices 200', 'export ended']);

    const { setupServer } = await import('msw/node');
    const { createHandlers } = await import('../../mock/index.js');
    const server = setupServer(...(await createHandlers(fake, { tradingBaseUrl: 'http://msw.doppel.test' })));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const viaMsw = await fetch('http://msw.doppel.test/__doppel/state');
      expect(await viaMsw.text()).toBe(expected);
    } finally {
      server.close();
    }
  });
});
