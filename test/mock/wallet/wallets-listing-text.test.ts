// The wallets listing is assembled from per-wallet texts kept until a balance changes
// (mock/api/wallet/wire.ts): its bytes must be those of serializing the presented listing afresh,
// in both list orders (decision wallet.list-order) and both token orders (wallet.tokens#order),
// after every kind of balance change.

import { describe, expect, it } from 'vitest';
import { wireWallet } from '../../../mock/api/wallet/wire.js';
import { createFake } from '../../../mock/index.js';
import type { FakeResponse } from '../../../mock/index.js';

const KEY = 'demo-wallet-key';
const listing = (fake: ReturnType<typeof createFake>, key = KEY): FakeResponse =>
  fake.wallet.handle({ method: 'GET', path: '/api/v1/wallets', query: new URLSearchParams(), headers: { 'x-api-key': key }, body: undefined, ip: '127.0.0.1' });

function expected(fake: ReturnType<typeof createFake>, newestFirst: boolean, userId = 1, tokensNewestFirst = false): string {
  const wallets = fake.models.wallet.walletsOf(userId).map((w) => wireWallet(w, tokensNewestFirst));
  return JSON.stringify({ success: true, wallets: newestFirst ? wallets.reverse() : wallets });
}

describe('GET /api/v1/wallets answers the bytes of the listing serialized afresh', () => {
  it('tokens newest first (wallet.tokens#order): each wallet\'s tokens reversed, the kept texts too', () => {
    const fake = createFake({ profile: { doppel_profile: 1, points: { 'wallet.tokens#order': { value: 'newest-first' } } } });
    fake.models.wallet.createWallet(1, 'ethereum');
    fake.models.wallet.deposit(1, '2', 1);
    const text = listing(fake).text;
    expect(text).toBe(expected(fake, false, 1, true));
    expect(text).not.toBe(expected(fake, false, 1, false));
  });

  for (const order of ['oldest-first', 'newest-first'] as const) {
    it(`${order}: after creations, deposits, sends, confirmations and a failure`, () => {
      const fake = createFake({ walletRateLimit: 10_000, profile: { doppel_profile: 1, points: { 'wallet.list-order': { value: order } } } });
      const model = fake.models.wallet;
      const check = (): void => {
        const answer = listing(fake);
        expect(answer.status).toBe(200);
        expect(answer.text).toBe(expected(fake, order === 'newest-first'));
        // App.handle's body is the same listing (parsed from the text when read).
        expect(answer.body).toEqual(JSON.parse(answer.text));
      };
      check();
      // A user with no wallet, then with one.
      const user = model.register({ name: 'Empty', email: `empty-${order}@example.com`, password: 'pw-123456' });
      const { token } = model.login(`empty-${order}@example.com`, 'pw-123456');
      expect(listing(fake, token).text).toBe('{"success":true,"wallets":[]}');
      model.createWallet(user.id, 'tron');
      expect(listing(fake, token).text).toBe(expected(fake, order === 'newest-first', user.id));
      const made = ['ethereum', 'bitcoin', 'tron', 'ethereum', 'solana', 'polygon'].map((chain) => model.createWallet(1, chain));
      check();
      model.deposit(made[0]!.id, '3.25', null);
      model.deposit(made[0]!.id, '100', 1);
      model.deposit(made[4]!.id, '12', 5);
      check();
      // Between two wallets of the fake: the sender's balance at once, the receiver's on confirmation.
      const sent = model.send(1, made[0]!.id, { toAddress: made[3]!.address, amount: '1.5', tokenId: null });
      check();
      fake.advance(60_000);
      check();
      model.send(1, made[0]!.id, { toAddress: made[3]!.address, amount: '0.25', tokenId: null });
      const failing = model.send(1, made[0]!.id, { toAddress: made[3]!.address, amount: '0.5', tokenId: null });
      model.fail(failing.hash);
      check();
      expect(sent.status).toBe('confirmed');
      // A state import makes new records: their texts are new too.
      fake.importState(fake.exportState());
      fake.models.wallet.deposit(1, '1', null);
      check();
    });
  }
});
