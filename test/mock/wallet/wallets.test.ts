// chains, wallets/create, wallets, wallets/{id}/balance; isolation between users.

import { describe, expect, it } from 'vitest';
import { isValidAddress, chainBySlug } from '../../../mock/domain/wallet/index.js';
import { createHarness, DEMO_KEY } from './wallet-harness.js';

describe('GET /api/v1/chains', () => {
  it('lists the six chains of decision wallet.chains', () => {
    const res = createHarness().call('GET', '/api/v1/chains');
    expect(res.status).toBe(200);
    expect(res.body.chains.map((c: any) => `${c.id} ${c.name} ${c.slug} ${c.symbol}`)).toEqual([
      '1 Ethereum ethereum ETH', '2 Bitcoin bitcoin BTC', '3 Tron tron TRX', '4 BNB Smart Chain bsc BNB', '5 Solana solana SOL', '6 Polygon polygon POL',
    ]);
  });
});

describe('POST /api/v1/wallets/create', () => {
  it.each([
    ['ethereum', /^0x[0-9a-fA-F]{40}$/], ['bsc', /^0x[0-9a-fA-F]{40}$/], ['polygon', /^0x[0-9a-fA-F]{40}$/],
    ['bitcoin', /^bc1q[a-z0-9]{38}$/], ['tron', /^T[1-9A-HJ-NP-Za-km-z]{33}$/], ['solana', /^[1-9A-HJ-NP-Za-km-z]{32,44}$/],
  ])('creates an empty %s wallet with an address of that chain', (slug, shape) => {
    const h = createHarness();
    const { key } = h.newUser();
    const res = h.call('POST', '/api/v1/wallets/create', { key, body: { chain: slug } });
    expect(res.status).toBe(200);
    const { wallet } = res.body;
    expect(wallet.chain).toBe(slug);
    expect(wallet.symbol).toBe(chainBySlug(slug)?.symbol);
    expect(wallet.address).toMatch(shape);
    expect(isValidAddress(chainBySlug(slug)!.family, wallet.address)).toBe(true);
    const balance = h.call('GET', `/api/v1/wallets/${wallet.id}/balance`, { key });
    expect(balance.body).toMatchObject({ balance: '0.00000000', usd_value: '0.00000000' });
  });

  it.each([['dogechain'], ['Ethereum'], ['']])('answers 400 for the chain %j', (chain) => {
    const res = createHarness().call('POST', '/api/v1/wallets/create', { key: DEMO_KEY, body: { chain } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('answers 400 for a missing chain and 413 for an oversized body', () => {
    const h = createHarness();
    expect(h.call('POST', '/api/v1/wallets/create', { key: DEMO_KEY, body: {} }).status).toBe(400);
    expect(h.call('POST', '/api/v1/wallets/create', { key: DEMO_KEY, bodyError: 'payload_too_large' }).status).toBe(413);
  });
});

describe('GET /api/v1/wallets', () => {
  it('lists the caller\'s wallets oldest first with balances and the chain\'s tokens', () => {
    const h = createHarness();
    const created = h.call('POST', '/api/v1/wallets/create', { key: DEMO_KEY, body: { chain: 'solana' } }).body.wallet;
    const res = h.call('GET', '/api/v1/wallets', { key: DEMO_KEY });
    expect(res.status).toBe(200);
    expect(res.body.wallets.map((w: any) => [w.id, w.chain])).toEqual([[1, 'ethereum'], [2, 'bitcoin'], [3, 'tron'], [created.id, 'solana']]);
    expect(res.body.wallets[3]).toEqual({ ...created, balance: '0.00000000', tokens: [{ token_id: 5, symbol: 'USDC', balance: '0.00000000' }] });
    expect(res.body.wallets[1].tokens).toEqual([]);
  });
});

describe('GET /api/v1/wallets/{id}/balance', () => {
  it('answers balance, symbol and usd_value = balance × price, exact and rounded down', () => {
    const h = createHarness();
    // demo tron wallet: 5000 TRX at 0.12345678 = 617.2839 exactly
    expect(h.call('GET', '/api/v1/wallets/3/balance', { key: DEMO_KEY }).body).toEqual({
      success: true, balance: '5000.00000000', symbol: 'TRX', usd_value: '617.28390000',
    });
    h.prices.set('ETH', '3333.33333333');
    // 2.5 × 3333.33333333 = 8333.333333325 → rounded down to 8 digits
    expect(h.call('GET', '/api/v1/wallets/1/balance', { key: DEMO_KEY }).body.usd_value).toBe('8333.33333332');
  });

  it.each([['abc'], ['1.5'], ['0'], ['-1'], ['1e2']])('answers 400 for the id %j', (id) => {
    expect(createHarness().call('GET', `/api/v1/wallets/${id}/balance`, { key: DEMO_KEY }).status).toBe(400);
  });

  it('refuses ids above 2^53 − 1 instead of answering for a rounded one', () => {
    for (const id of ['9007199254740992', '9007199254740993', '1936491313251017484']) {
      const res = createHarness().call('GET', `/api/v1/wallets/${id}/balance`, { key: DEMO_KEY });
      expect(res.status, id).toBe(400);
      expect(res.body.error).toBe('getWalletBalance: id must be <= 9007199254740991');
    }
    const largest = createHarness().call('GET', '/api/v1/wallets/9007199254740991/balance', { key: DEMO_KEY });
    expect(largest.status).toBe(404);
    expect(largest.body.error).toBe('getWalletBalance: wallet 9007199254740991 not found');
  });

  it('answers 404 for a wallet that does not exist', () => {
    const res = createHarness().call('GET', '/api/v1/wallets/999/balance', { key: DEMO_KEY });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('isolation between users', () => {
  it('another user\'s wallet id is a 404 on balance, transactions and send, and never listed', () => {
    const h = createHarness();
    const { key } = h.newUser();
    for (const [method, path, body] of [
      ['GET', '/api/v1/wallets/1/balance', undefined],
      ['GET', '/api/v1/wallets/1/transactions', undefined],
      ['POST', '/api/v1/wallets/1/send', { to_address: '0xde709f2102306220921060314715629080e2fb77', amount: '0.1' }],
    ] as const) {
      const res = h.call(method, path, { key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe(h.call(method, path.replace('/1/', '/999/'), { key, body }).body.error.replace('999', '1'));
    }
    expect(h.call('GET', '/api/v1/wallets', { key }).body.wallets).toEqual([]);
    // and the demo wallet was not touched by the refused send
    expect(h.call('GET', '/api/v1/wallets/1/balance', { key: DEMO_KEY }).body.balance).toBe('2.50000000');
  });
});
