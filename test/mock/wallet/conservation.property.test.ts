// Conservation: over random sends (valid and invalid), deposits, fails and clock moves,
// no balance is ever negative and, per asset, balances + in-flight + sent outside = everything deposited.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecTrim, parseDec } from '../../../mock/domain/decimal.js';
import { tokensOnChain } from '../../../mock/domain/wallet/index.js';
import { createHarness, DEMO_KEY, type Harness } from './wallet-harness.js';

const OUTSIDE: Record<string, string> = {
  ethereum: '0xde709f2102306220921060314715629080e2fb77',
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
};

type Command =
  | { kind: 'send'; from: number; to: { peer: number } | { inFake: number } | { outside: true } | { garbage: string }; amount: bigint; tokenId: TokenChoice }
  | { kind: 'deposit'; wallet: number; amount: bigint; tokenId: TokenChoice }
  | { kind: 'advance'; seconds: number }
  | { kind: 'fail'; pick: number };

// 'chain-token': the first token of the sending wallet's chain (USDT on ethereum and tron, both
// funded), so valid token sends are common; fixed ids are often on another chain or unknown.
type TokenChoice = number | null | 'chain-token';
const tokenIdArb: fc.Arbitrary<TokenChoice> = fc.constantFrom<TokenChoice>(null, null, null, 'chain-token', 'chain-token', 1, 2, 3, 5, 99);
const amountArb = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 15_000_000n }) }, // up to 0.15: affordable on every demo wallet
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 300_000_000n }) }, // up to 3, zero included
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 600_000_000_000n }) }, // up to 6000: often above the balance
);

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({
    kind: fc.constant('send' as const),
    from: fc.nat(6),
    // peer: another wallet of the same chain (the valid in-fake case); inFake: any wallet, often another chain.
    to: fc.oneof(
      { weight: 3, arbitrary: fc.record({ peer: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ inFake: fc.nat(6) }) },
      { weight: 2, arbitrary: fc.constant({ outside: true as const }) },
      { weight: 1, arbitrary: fc.record({ garbage: fc.string() }) },
    ),
    amount: amountArb,
    tokenId: tokenIdArb,
  }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deposit' as const), wallet: fc.nat(6), amount: amountArb, tokenId: tokenIdArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 90 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), pick: fc.nat() }) },
);

interface Pool {
  wallets: { id: number; chain: string; address: string; key: string }[];
  addresses: Set<string>;
}

function setUp(h: Harness): Pool {
  const bob = h.newUser();
  for (const chain of ['ethereum', 'tron', 'bitcoin', 'ethereum']) {
    expect(h.call('POST', '/api/v1/wallets/create', { key: bob.key, body: { chain } }).status).toBe(200);
  }
  const wallets = [DEMO_KEY, bob.key].flatMap((key) =>
    h.call('GET', '/api/v1/wallets', { key }).body.wallets.map((w: any) => ({ id: w.id, chain: w.chain, address: w.address, key })),
  );
  return { wallets, addresses: new Set(wallets.map((w) => w.address.toLowerCase())) };
}

/** Per asset, from the API alone: balances, pending sends and confirmed sends to outside addresses. */
function supplyFromApi(h: Harness, pool: Pool): Map<string, bigint> {
  const total = new Map<string, bigint>();
  const add = (asset: string, amount: string) => total.set(asset, (total.get(asset) ?? 0n) + (parseDec(amount) as bigint));
  for (const key of new Set(pool.wallets.map((w) => w.key))) {
    for (const w of h.call('GET', '/api/v1/wallets', { key }).body.wallets) {
      for (const balance of [w.balance, ...w.tokens.map((t: any) => t.balance)]) expect(balance.startsWith('-')).toBe(false);
      add(`${w.chain}:${w.symbol}`, w.balance);
      for (const t of w.tokens) add(`${w.chain}:${t.symbol}`, t.balance);
      for (const tx of h.call('GET', `/api/v1/wallets/${w.id}/transactions`, { key, query: { limit: '100' } }).body.transactions) {
        if (tx.type !== 'send') continue;
        const outside = !pool.addresses.has(tx.to.toLowerCase());
        if (tx.status === 'pending' || (tx.status === 'confirmed' && outside)) add(`${w.chain}:${tx.symbol}`, tx.amount);
      }
    }
  }
  return total;
}

// Which kinds of successful sends the random runs produced: the property must not hold vacuously.
const coverage: Record<string, number> = {};

function run(h: Harness, pool: Pool, command: Command, deposited: Map<string, bigint>, hashes: string[]): void {
  switch (command.kind) {
    case 'advance':
      h.advance(command.seconds);
      return;
    case 'fail': {
      if (hashes.length === 0) return;
      const status = h.call('POST', `/__doppel/transactions/${hashes[command.pick % hashes.length]}/fail`).status;
      expect([200, 409]).toContain(status);
      return;
    }
    case 'deposit': {
      const w = pool.wallets[command.wallet] as Pool['wallets'][number];
      const res = h.call('POST', '/__doppel/deposit', { body: { wallet_id: w.id, amount: formatDecTrim(command.amount), token_id: tokenFor(w.chain, command.tokenId) } });
      if (res.status === 200) {
        const asset = `${w.chain}:${res.body.data.symbol}`;
        deposited.set(asset, (deposited.get(asset) ?? 0n) + command.amount);
      } else {
        expect(res.status).toBe(400);
      }
      return;
    }
    case 'send': {
      const w = pool.wallets[command.from] as Pool['wallets'][number];
      const to = destination(pool, w, command.to);
      const res = h.call('POST', `/api/v1/wallets/${w.id}/send`, {
        key: w.key,
        body: { to_address: to, amount: formatDecTrim(command.amount), token_id: tokenFor(w.chain, command.tokenId) },
      });
      expect([200, 400]).toContain(res.status);
      if (res.status === 200) {
        hashes.push(res.body.tx_hash);
        const kind = `send ${'outside' in command.to ? 'outside' : 'in-fake'} ${tokenFor(w.chain, command.tokenId) === null ? 'native' : 'token'}`;
        coverage[kind] = (coverage[kind] ?? 0) + 1;
      }
    }
  }
}

function tokenFor(chain: string, choice: TokenChoice): number | null {
  return choice === 'chain-token' ? (tokensOnChain(chain)[0]?.id ?? null) : choice;
}

function destination(pool: Pool, from: Pool['wallets'][number], to: Extract<Command, { kind: 'send' }>['to']): string {
  if ('peer' in to) {
    const peers = pool.wallets.filter((w) => w.chain === from.chain && w.id !== from.id);
    return (peers[to.peer % peers.length] as Pool['wallets'][number]).address;
  }
  if ('inFake' in to) return (pool.wallets[to.inFake] as Pool['wallets'][number]).address;
  return 'outside' in to ? (OUTSIDE[from.chain] as string) : to.garbage;
}

describe('conservation of supply', () => {
  it('holds after every step of random sequences of sends, deposits, fails and clock moves', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 40 }), (commands) => {
        const h = createHarness({ rateLimit: 1_000_000 });
        const pool = setUp(h);
        const initial = supplyFromApi(h, pool);
        const deposited = new Map<string, bigint>();
        const hashes: string[] = [];
        for (const command of commands) {
          run(h, pool, command, deposited, hashes);
          const now = supplyFromApi(h, pool);
          for (const asset of new Set([...initial.keys(), ...now.keys(), ...deposited.keys()])) {
            const expected = (initial.get(asset) ?? 0n) + (deposited.get(asset) ?? 0n);
            expect(now.get(asset) ?? 0n, `${asset} after ${JSON.stringify(command, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`).toBe(expected);
          }
          // The model's own ledger agrees with what the API shows.
          for (const [asset, s] of h.model.audit()) {
            expect(s.balances + s.pending + s.exported, asset).toBe(s.deposited);
            expect(s.balances + s.pending + s.exported).toBe(now.get(asset) ?? 0n);
          }
        }
      }),
      // A fixed seed: the coverage assertion below must not depend on luck (it did: a random run
      // can draw no outside token send). Change the seed to explore other sequences.
      { numRuns: 60, seed: 20261122 },
    );
    expect(Object.keys(coverage).sort()).toEqual(['send in-fake native', 'send in-fake token', 'send outside native', 'send outside token']);
  });
});
