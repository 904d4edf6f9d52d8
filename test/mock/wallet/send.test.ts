// POST /api/v1/wallets/{id}/send (decision wallet.send-semantics) and the admin fail.

import { describe, expect, it } from 'vitest';
import { createHarness, DEMO_KEY, type Harness } from './wallet-harness.js';

const EXTERNAL_ETH = '0xde709f2102306220921060314715629080e2fb77';
const EXTERNAL_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function send(h: Harness, walletId: number, body: object, key = DEMO_KEY) {
  return h.call('POST', `/api/v1/wallets/${walletId}/send`, { key, body });
}

function txs(h: Harness, walletId: number, key = DEMO_KEY): any[] {
  return h.call('GET', `/api/v1/wallets/${walletId}/transactions`, { key }).body.transactions;
}

function balance(h: Harness, walletId: number, key = DEMO_KEY): string {
  return h.call('GET', `/api/v1/wallets/${walletId}/balance`, { key }).body.balance;
}

describe('send to an outside address', () => {
  it('debits at once, records a pending send, confirms it 30 virtual seconds later', () => {
    const h = createHarness();
    const res = send(h, 1, { to_address: EXTERNAL_ETH, amount: '0.25', token_id: null });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Transaction submitted');
    expect(res.body.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(balance(h, 1)).toBe('2.25000000');
    const [latest] = txs(h, 1);
    expect(latest).toMatchObject({ tx_hash: res.body.tx_hash, type: 'send', amount: '0.25000000', to: EXTERNAL_ETH, status: 'pending', symbol: 'ETH', token_id: null, date: '2026-01-01 00:00:00' });
    h.advance(29);
    expect(txs(h, 1)[0].status).toBe('pending');
    h.advance(1);
    expect(txs(h, 1)[0].status).toBe('confirmed');
    expect(balance(h, 1)).toBe('2.25000000');
  });

  it('lets the whole balance go, and treats an absent token_id as the native coin', () => {
    const h = createHarness();
    expect(send(h, 3, { to_address: EXTERNAL_TRON, amount: '5000' }).status).toBe(200);
    expect(balance(h, 3)).toBe('0.00000000');
    expect(send(h, 3, { to_address: EXTERNAL_TRON, amount: '0.00000001' }).status).toBe(400);
  });
});

describe('send to another wallet of the fake', () => {
  it('credits the receiver (another user) with a receive on confirmation, not before', () => {
    const h = createHarness();
    const bob = h.newUser();
    const bobWallet = h.call('POST', '/api/v1/wallets/create', { key: bob.key, body: { chain: 'ethereum' } }).body.wallet;
    // lower-case spelling of bob's checksummed address: the same account
    const res = send(h, 1, { to_address: bobWallet.address.toLowerCase(), amount: '1.5' });
    expect(res.status).toBe(200);
    expect(balance(h, bobWallet.id, bob.key)).toBe('0.00000000');
    expect(txs(h, bobWallet.id, bob.key)).toEqual([]);
    h.advance(45);
    expect(balance(h, bobWallet.id, bob.key)).toBe('1.50000000');
    const [received] = txs(h, bobWallet.id, bob.key);
    expect(received).toMatchObject({ tx_hash: res.body.tx_hash, type: 'receive', amount: '1.50000000', status: 'confirmed', date: '2026-01-01 00:00:30' });
    expect(received.from).toBe(txs(h, 1)[0].from);
    expect(txs(h, 1)[0]).toMatchObject({ type: 'send', status: 'confirmed', to: bobWallet.address });
  });
});

describe('token sends', () => {
  it('sends USDT on ethereum and on tron, leaving the native balance alone', () => {
    const h = createHarness();
    const bob = h.newUser();
    const bobTron = h.call('POST', '/api/v1/wallets/create', { key: bob.key, body: { chain: 'tron' } }).body.wallet;
    expect(send(h, 1, { to_address: EXTERNAL_ETH, amount: '100', token_id: 1 }).status).toBe(200);
    expect(send(h, 3, { to_address: bobTron.address, amount: '250.5', token_id: 3 }).status).toBe(200);
    const wallets = h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).body.wallets;
    expect(wallets[0]).toMatchObject({ balance: '2.50000000', tokens: [{ token_id: 1, symbol: 'USDT', balance: '900.00000000' }, { token_id: 2, symbol: 'USDC', balance: '0.00000000' }] });
    expect(wallets[2].tokens).toEqual([{ token_id: 3, symbol: 'USDT', balance: '2249.50000000' }]);
    expect(txs(h, 1)[0]).toMatchObject({ symbol: 'USDT', token_id: 1, amount: '100.00000000' });
    h.advance(30);
    const bobWallets = h.call('GET', '/api/v1/wallets', { key: bob.key }).body.wallets;
    expect(bobWallets[0]).toMatchObject({ balance: '0.00000000', tokens: [{ token_id: 3, balance: '250.50000000' }] });
    expect(txs(h, bobTron.id, bob.key)[0]).toMatchObject({ type: 'receive', symbol: 'USDT', token_id: 3 });
  });

  it.each([
    ['an unknown token_id', { token_id: 99 }],
    ['a token of another chain', { token_id: 3 }],
    ['more tokens than held', { token_id: 2 }],
  ])('answers 400 for %s', (_what, extra) => {
    const h = createHarness();
    expect(send(h, 1, { to_address: EXTERNAL_ETH, amount: '1', ...extra }).status).toBe(400);
  });
});

describe('send: invalid input', () => {
  it.each([
    ['a bitcoin address on ethereum', { to_address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '0.1' }],
    ['a tron address on ethereum', { to_address: EXTERNAL_TRON, amount: '0.1' }],
    ['a wrong EIP-55 checksum', { to_address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '0.1' }],
    ['garbage', { to_address: 'hello', amount: '0.1' }],
    ['amount 0', { to_address: EXTERNAL_ETH, amount: '0' }],
    ['amount 0.00000000', { to_address: EXTERNAL_ETH, amount: '0.00000000' }],
    ['a negative amount', { to_address: EXTERNAL_ETH, amount: '-1' }],
    ['9 fraction digits', { to_address: EXTERNAL_ETH, amount: '0.000000001' }],
    ['an exponent', { to_address: EXTERNAL_ETH, amount: '1e-3' }],
    ['a numeric amount', { to_address: EXTERNAL_ETH, amount: 0.1 }],
    ['more than the balance', { to_address: EXTERNAL_ETH, amount: '2.50000001' }],
    ['a missing to_address', { amount: '0.1' }],
    ['a string token_id', { to_address: EXTERNAL_ETH, amount: '0.1', token_id: '1' }],
  ])('answers 400 for %s and leaves the balance alone', (_what, body) => {
    const h = createHarness();
    const res = send(h, 1, body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(balance(h, 1)).toBe('2.50000000');
    expect(txs(h, 1)).toHaveLength(2);
  });

  it('answers 400 for the wallet\'s own address', () => {
    const h = createHarness();
    const own = h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).body.wallets[0].address;
    expect(send(h, 1, { to_address: own, amount: '0.1' }).status).toBe(400);
  });

  it('accepts every real form of a bitcoin address on the bitcoin wallet', () => {
    const h = createHarness();
    for (const to of ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297']) {
      const res = send(h, 2, { to_address: to, amount: '0.01' });
      expect(res.status, to).toBe(200);
      expect(res.body.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('answers 404 for an unknown wallet and 413 for an oversized body', () => {
    const h = createHarness();
    expect(send(h, 42, { to_address: EXTERNAL_ETH, amount: '0.1' }).status).toBe(404);
    expect(h.call('POST', '/api/v1/wallets/1/send', { key: DEMO_KEY, bodyError: 'payload_too_large' }).status).toBe(413);
  });
});

describe('admin fail', () => {
  it('fails a pending send and refunds it; the receiver never gets it', () => {
    const h = createHarness();
    const bob = h.newUser();
    const bobWallet = h.call('POST', '/api/v1/wallets/create', { key: bob.key, body: { chain: 'ethereum' } }).body.wallet;
    const hash = send(h, 1, { to_address: bobWallet.address, amount: '2' }).body.tx_hash;
    expect(balance(h, 1)).toBe('0.50000000');
    const failed = h.call('POST', `/__doppel/transactions/${hash}/fail`);
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ tx_hash: hash, status: 'failed', type: 'send' });
    expect(balance(h, 1)).toBe('2.50000000');
    h.advance(60);
    expect(txs(h, 1)[0].status).toBe('failed');
    expect(balance(h, bobWallet.id, bob.key)).toBe('0.00000000');
    expect(h.call('POST', `/__doppel/transactions/${hash}/fail`).status).toBe(409);
  });

  it('refuses a confirmed transaction (409) and an unknown hash (404)', () => {
    const h = createHarness();
    const hash = send(h, 1, { to_address: EXTERNAL_ETH, amount: '1' }).body.tx_hash;
    h.advance(30);
    expect(h.call('POST', `/__doppel/transactions/${hash}/fail`).status).toBe(409);
    expect(h.call('POST', '/__doppel/transactions/0xabc/fail').status).toBe(404);
  });
});
