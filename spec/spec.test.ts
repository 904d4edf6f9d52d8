import { describe, expect, it } from 'vitest';
import { decisions, getOperation, operations, validateParams, validateRequestBody, validateResponse } from './index.js';

describe('operation tables', () => {
  it('hold every endpoint of both seed documents', () => {
    expect(operations('trading').map((o) => `${o.method} ${o.path}`).sort()).toEqual(
      [
        'GET /api/v1/prices', 'GET /api/v1/price/{symbol}', 'GET /api/v1/markets', 'GET /api/v1/account',
        'GET /api/v1/account/balances', 'GET /api/v1/account/orders', 'POST /api/v1/spot/order',
        'POST /api/v1/spot/cancel', 'POST /api/v1/margin/order', 'POST /api/v1/futures/order',
        'POST /api/v1/binary/order', 'GET /api/v1/copy/traders', 'POST /api/v1/copy/start', 'POST /api/v1/copy/stop',
      ].sort(),
    );
    expect(operations('wallet').map((o) => `${o.method} ${o.path}`).sort()).toEqual(
      [
        'POST /api/v1/register', 'POST /api/v1/login', 'GET /api/v1/chains', 'POST /api/v1/wallets/create',
        'GET /api/v1/wallets', 'GET /api/v1/wallets/{id}/balance', 'GET /api/v1/wallets/{id}/transactions',
        'POST /api/v1/wallets/{id}/send', 'GET /api/v1/prices',
      ].sort(),
    );
  });

  it('carry the permission of seed trading §4 and §5', () => {
    const perms = Object.fromEntries(operations('trading').map((o) => [o.operationId, o.permission]));
    expect(perms).toMatchObject({
      getPrices: 'none', getPrice: 'none', getMarkets: 'none', getAccount: 'read', getBalances: 'read',
      listOrders: 'read', listCopyTraders: 'read', placeSpotOrder: 'trade', cancelSpotOrder: 'trade',
      placeMarginOrder: 'trade', placeFuturesOrder: 'trade', placeBinaryOrder: 'trade', startCopy: 'trade', stopCopy: 'trade',
    });
    expect(operations('trading').filter((o) => o.permission === 'none').every((o) => !o.secured)).toBe(true);
    expect(getOperation('wallet', 'register').secured).toBe(false);
    expect(getOperation('wallet', 'listWallets').secured).toBe(true);
  });

  it('document a 401 and 403 on every trading operation that needs a key', () => {
    for (const op of operations('trading').filter((o) => o.secured)) {
      expect(op.statuses, op.operationId).toEqual(expect.arrayContaining(['401', '403']));
    }
    for (const op of operations('wallet').filter((o) => o.secured)) {
      expect(op.statuses, op.operationId).toEqual(expect.arrayContaining(['401', '429']));
    }
  });
});

describe('validators', () => {
  it('reject a balance with 7 fraction digits and accept 8', () => {
    const entry = { currency: 'USDT', chain: 'tron', balance: '1.0000000' };
    expect(validateResponse('trading', 'getBalances', 200, { success: true, data: [entry] }).ok).toBe(false);
    expect(validateResponse('trading', 'getBalances', 200, { success: true, data: [{ ...entry, balance: '1.00000000' }] }).ok).toBe(true);
  });

  it('reject an undocumented status', () => {
    const r = validateResponse('trading', 'getPrices', 404, { success: false, error: 'x' });
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatch(/not documented/);
  });

  it('explain a malformed decimal in a request body', () => {
    const r = validateRequestBody('trading', 'placeSpotOrder', { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '1e5' });
    expect(r.ok).toBe(false);
    expect(r.errors.join()).toMatch(/amount must be non-negative decimal string/);
    expect(validateRequestBody('trading', 'placeSpotOrder', undefined).errors).toEqual(['a JSON request body is required']);
  });

  it('coerce integer parameters strictly and apply defaults', () => {
    expect(validateParams('trading', 'listOrders', 'query', {})).toMatchObject({ ok: true, value: { limit: 50 } });
    expect(validateParams('trading', 'listOrders', 'query', { limit: '101' }).ok).toBe(false);
    expect(validateParams('trading', 'listOrders', 'query', { limit: '1.5' }).errors).toEqual(['limit must be an integer']);
    expect(validateParams('trading', 'listOrders', 'query', { type: 'swap' }).ok).toBe(false);
    expect(validateParams('wallet', 'getWalletBalance', 'path', { id: '7' })).toMatchObject({ ok: true, value: { id: 7 } });
  });

  it('check wallet price maps and their keys', () => {
    expect(validateResponse('wallet', 'getWalletPrices', 200, { success: true, prices: { BTC: 1 } }).ok).toBe(true);
    expect(validateResponse('wallet', 'getWalletPrices', 200, { success: true, prices: { btc: 1 } }).ok).toBe(false);
    expect(validateResponse('wallet', 'getWalletPrices', 200, { success: true, prices: { BTC: '1' } }).ok).toBe(false);
  });
});

describe('decisions', () => {
  it('are unique, summarised and cite the seed', () => {
    const ids = decisions().map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(30);
    for (const d of decisions()) {
      expect(d.summary.length, d.id).toBeGreaterThan(10);
      expect(d.seed.length, d.id).toBeGreaterThan(1);
      expect(d.id).toMatch(new RegExp(`^${d.iface}\\.[a-z0-9-]+$`));
    }
  });
});
