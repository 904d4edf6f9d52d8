// Wallet §5.2: the key identifies the user; another user's token can neither read any wallet's
// balance or history nor send from it, and its wallet listing (§4 GET /api/v1/wallets) holds none
// of them.
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { registerUser } from '../../run/wallet-peer.js';
import { walletsOf } from '../../run/facts.js';

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
      const cases = [
        { operationId: 'getWalletBalance' },
        { operationId: 'listWalletTransactions' },
        { operationId: 'sendFromWallet', body: { to_address: w.address, amount: '0.00000001', token_id: null } },
      ];
      for (const c of cases) {
        const ex = await ctx.call(c.operationId, { key: other.token, params: { id: w.id }, body: c.body });
        out.checked(c.operationId, 'wallet', 'isolated');
        if (is2xx(ex.status)) out.fail({ assertion: 'isolated', operationId: c.operationId, title: `another user's token → ${ex.status}`, message: `${ex.method} ${new URL(ex.url).pathname} with another user's token got ${ex.status}`, exchange: ex });
      }
    }
  },
});
