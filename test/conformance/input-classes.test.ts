// Input classes are derived from spec/, not listed (every enum value and optional field of every
// request has its classes, a --profile's bound moves the bound's class), and the classifier reads
// them from exchanges alone: a request answered 2xx shows its classes, a refused one is kept as
// the reason, the bounds the data gives come from the target's own answers before the request.
import { describe, expect, it } from 'vitest';
import { inputClasses } from '../../conformance/act/input-classes.js';
import { queryFields, requestFields } from '../../conformance/act/arbitraries/request-schema.js';
import { inputClassesOf } from '../../conformance/judge/input-coverage.js';
import { recordExchange } from '../../conformance/exchange/exchange.js';
import { DEFAULT_DECISIONS } from '../../spec/decision-points.js';
import { operations, type InterfaceName } from '../../spec/index.js';

const BASE = { trading: 'http://127.0.0.1:4010', wallet: 'http://127.0.0.1:4020' } as const;
let seq = 0;
const ex = (iface: InterfaceName, method: string, path: string, body: unknown, status: number, answer: unknown) =>
  recordExchange({ seq: ++seq, iface, method, url: `${BASE[iface]}${path}`, requestHeaders: {}, requestBody: body === undefined ? undefined : JSON.stringify(body), status, responseHeaders: { 'content-type': 'application/json' }, body: JSON.stringify(answer), startedAt: seq, endedAt: seq });

const names = (iface: InterfaceName, operationId: string): string[] => inputClasses([iface]).filter((c) => c.operationId === operationId).map((c) => c.name);

describe('input classes from spec/', () => {
  it('every enum value and optional field of every request body and query has its classes', () => {
    for (const iface of ['trading', 'wallet'] as const) {
      for (const op of operations(iface)) {
        const mine = names(iface, op.operationId);
        for (const f of [...requestFields(iface, op.operationId), ...queryFields(iface, op.operationId)]) {
          for (const v of f.enum ?? []) expect(mine).toContain(`${f.name}=${String(v)}`);
          if (!f.required) expect(mine).toEqual(expect.arrayContaining([`${f.name} present`, `${f.name} absent`]));
          if (f.types.includes('null')) expect(mine).toEqual(expect.arrayContaining([`${f.name} null`, `${f.name} not null`]));
        }
      }
    }
  });

  it('bounds: the schema\'s, a decision point\'s (a profile moves it), the data\'s; none for ids', () => {
    expect(names('trading', 'listOrders')).toEqual(expect.arrayContaining(['limit=1 (minimum)', 'limit=100 (maximum)', 'type=binary', 'status=settled', 'limit absent']));
    expect(names('trading', 'placeFuturesOrder')).toEqual(expect.arrayContaining(['duration_hours=1 (minimum)', 'duration_hours=720 (maximum)', 'leverage=1 (minimum)', "leverage=max_leverage (the market's largest)", "amount=min_amount (the market's smallest)"]));
    const profile = inputClasses(['trading'], { ...DEFAULT_DECISIONS, 'trading.futures-duration': 48 }).map((c) => c.name);
    expect(profile).toContain('duration_hours=48 (maximum)');
    expect(names('wallet', 'sendFromWallet').sort()).toEqual(["amount=balance (the wallet's whole balance)", 'token_id absent', 'token_id not null', 'token_id null', 'token_id present']);
    expect(names('trading', 'cancelSpotOrder')).toEqual([]);
  });
});

describe('the classifier', () => {
  it('counts a 2xx answer, keeps a refusal as the reason, reads the bounds from the target\'s answers before', () => {
    const margin = { market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.0001' };
    const stream = [
      ex('trading', 'GET', '/api/v1/markets', undefined, 200, { success: true, data: [{ market: 'BTC', pair: 'USDT', min_amount: '0.0001', max_leverage: 20 }] }),
      ex('trading', 'POST', '/api/v1/margin/order', { ...margin, leverage: 20 }, 200, { success: true, data: {} }),
      ex('trading', 'POST', '/api/v1/margin/order', margin, 400, { success: false, error: 'no' }),
      ex('wallet', 'GET', '/api/v1/wallets', undefined, 200, { success: true, wallets: [{ id: 3, balance: '0.50000000', tokens: [{ token_id: 1, balance: '7.00000000' }] }] }),
      ex('wallet', 'POST', '/api/v1/wallets/3/send', { to_address: 'x', amount: '7', token_id: 1 }, 200, { success: true, tx_hash: 'h', message: 'ok' }),
      // After a send the balance read before is no bound: this one is not the whole balance.
      ex('wallet', 'POST', '/api/v1/wallets/3/send', { to_address: 'x', amount: '0.5' }, 200, { success: true, tx_hash: 'i', message: 'ok' }),
    ];
    const tally = inputClassesOf(inputClasses(['trading', 'wallet']), stream);
    const sent = new Set(tally.classes.filter((c) => tally.isSent(c)).map((c) => `${c.operationId} ${c.name}`));
    expect([...sent].sort()).toEqual(
      [
        "placeMarginOrder amount=min_amount (the market's smallest)",
        "placeMarginOrder leverage=max_leverage (the market's largest)",
        'placeMarginOrder leverage present',
        'placeMarginOrder order_type=market',
        'placeMarginOrder price absent',
        'placeMarginOrder side=long',
        "sendFromWallet amount=balance (the wallet's whole balance)",
        'sendFromWallet token_id absent',
        'sendFromWallet token_id not null',
        'sendFromWallet token_id present',
      ].sort(),
    );
    const unsent = tally.coverage((_c, refused) => refused ?? 'not seen').unsent;
    expect(unsent.find((u) => u.class === 'leverage absent')?.why).toBe('sent, refused each time: 400 (1×)');
    expect(unsent.find((u) => u.class === 'token_id null')?.why).toBe('not seen');
  });
});
