// Wallet §5.2: the key identifies the user; another user's token can neither read any wallet's
// balance or history nor send from it, and its wallet listing (§4 GET /api/v1/wallets) holds none
// of them.
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx, keyOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { peerWallet, registerUser } from '../../act/wallet-peer.js';
import { walletsOf } from '../../act/facts.js';
import { obj } from '../../exchange/json-shape.js';
import { idOf, named, pathParam, topOf } from '../../model/exchange-facts.js';
import { BoundedMap } from '../bounded-map.js';
import type { Exchange } from '../../types.js';

/** The wallet operations on one wallet, and the path segment after its id. */
const ON_WALLET: Readonly<Record<string, string>> = { getWalletBalance: 'balance', listWalletTransactions: 'transactions', sendFromWallet: 'send' };

/** Wallets of the --wallet-key user probed; each costs the other user three requests of its 60 a minute (wallet §8). */
const MAX_WALLETS = 10;

export const walletIsolation = defineScenarioCheck({
  id: 'wallet-isolation',
  title: "one user cannot read or move another's wallet",
  assertions: [
    seed('isolated', 'wallet §5.2', "another user's key neither reads a wallet's balance or history nor sends from it"),
    seed('listing', 'wallet §4 GET /api/v1/wallets', "another user's wallet listing holds none of the user's wallets"),
  ],
  appliesTo: ['wallet'],
  // Any stream: users are known by the login answers (token → user id), wallets by whose token
  // created or listed them; a token of one user on another user's wallet refused is a case,
  // answered with a success a failure; so is another user's wallet in a token's listing. Keys that
  // are no login token name no user: those are the checker's own requests' to judge.
  passive: {
    start: () => {
      const userOf = new BoundedMap<string, number>(100_000);
      const owner = new BoundedMap<number, { user: number; ex: Exchange }>(100_000);
      return (ex, _model, out) => {
        if (ex.iface !== 'wallet' || ex.operationId === null) return;
        if (ex.operationId === 'login' && is2xx(ex.status)) {
          const [token, user] = [topOf(ex, 'token'), idOf(obj(topOf(ex, 'user'))['id'])];
          if (typeof token === 'string' && user !== undefined) userOf.set(token, user);
          return;
        }
        const key = keyOf(ex);
        const user = key === undefined ? undefined : userOf.get(key);
        if (user === undefined) return;
        if (ex.operationId === 'createWallet' && is2xx(ex.status)) {
          const id = idOf(obj(topOf(ex, 'wallet'))['id']);
          if (id !== undefined) owner.set(id, { user, ex });
          return;
        }
        if (ex.operationId === 'listWallets' && is2xx(ex.status)) {
          const others = walletsOf(ex.json).filter((w) => owner.get(w.id) !== undefined && owner.get(w.id)?.user !== user);
          if (others.length) {
            const first = owner.get((others[0] as { id: number }).id) as { ex: Exchange };
            out.checked(ex, 'listing');
            out.fail({ assertion: 'listing', title: `a user's wallet listing holds another user's wallet`, message: `${named(ex)} (user ${user}) lists wallet ${others.map((w) => w.id).join(', ')} of another user (${named(first.ex)})`, exchange: ex, requests: [first.ex, ex] });
          }
          for (const w of walletsOf(ex.json)) if (!owner.has(w.id)) owner.set(w.id, { user, ex });
          return;
        }
        const segment = ON_WALLET[ex.operationId];
        const id = segment ? idOf(pathParam(ex, segment)) : undefined;
        const mine = id === undefined ? undefined : owner.get(id);
        if (!mine || mine.user === user || ex.status >= 500) return;
        out.checked(ex, 'isolated');
        if (is2xx(ex.status)) out.fail({ assertion: 'isolated', title: `another user's token → ${ex.status}`, message: `${named(ex)} with the token of user ${user} on wallet ${String(id)} of user ${mine.user} (${named(mine.ex)}) got ${ex.status}`, exchange: ex, requests: [mine.ex, ex] });
      };
    },
  },
  skip: (ctx) => writesSkip(ctx, 'wallet') ?? (!ctx.wallet.key ? 'no --wallet-key given' : ctx.facts.wallets.length === 0 ? 'the --wallet-key user has no wallet' : undefined),
  async run(ctx, out) {
    const other = await ctx.memo('isolation-user', () => registerUser(ctx, 'other'));
    // Registration failing is login-token-works' finding; here it only means no second user.
    if (!other) return out.notExercised('could not register a second user');
    const mine = ctx.facts.wallets.slice(0, MAX_WALLETS);
    const listing = await ctx.call('listWallets', { key: other.token });
    out.checked('listWallets', 'wallet', 'listing');
    const leaked = walletsOf(listing.json).filter((w) => mine.some((m) => m.id === w.id || (m.address !== '' && m.address === w.address)));
    if (leaked.length) out.fail({ assertion: 'listing', operationId: 'listWallets', title: `another user's listing holds ${leaked.length} of the user's wallets`, message: `listWallets with another user's token lists wallet ${leaked.map((w) => w.id).join(', ')} of the --wallet-key user`, exchange: listing });
    for (const w of mine) {
      // To another user's address on the wallet's chain: a send to the wallet's own address is
      // refused for that alone (decision wallet.send-semantics), and would hide a send that got through.
      const to = (await peerWallet(ctx, w.chain))?.address ?? w.address;
      const cases = [
        { operationId: 'getWalletBalance' },
        { operationId: 'listWalletTransactions' },
        { operationId: 'sendFromWallet', body: { to_address: to, amount: '0.00000001', token_id: null } },
      ];
      for (const c of cases) {
        const ex = await ctx.call(c.operationId, { key: other.token, params: { id: w.id }, body: c.body });
        out.checked(c.operationId, 'wallet', 'isolated');
        if (is2xx(ex.status)) out.fail({ assertion: 'isolated', operationId: c.operationId, title: `another user's token → ${ex.status}`, message: `${ex.method} ${new URL(ex.url).pathname} with another user's token got ${ex.status}`, exchange: ex });
      }
    }
  },
});
