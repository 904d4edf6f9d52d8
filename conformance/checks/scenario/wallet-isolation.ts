// Wallet §5.2: the key identifies the user; another user's token can neither read the wallet's
// balance or history nor send from it.
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { registerUser } from '../../run/wallet-peer.js';

export const walletIsolation = defineScenarioCheck({
  id: 'wallet-isolation',
  title: "one user cannot read or move another's wallet",
  assertions: [seed('isolated', 'wallet §5.2')],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet') ?? (!ctx.wallet.key ? 'no --wallet-key given' : ctx.facts.wallets.length === 0 ? 'the --wallet-key user has no wallet' : undefined),
  async run(ctx, out) {
    const other = await ctx.memo('isolation-user', () => registerUser(ctx, 'other'));
    // Registration failing is login-token-works' finding; here it only means no second user.
    if (!other) return out.notExercised('could not register a second user');
    for (const w of ctx.facts.wallets.slice(0, 2)) {
      const cases = [
        { operationId: 'getWalletBalance' },
        { operationId: 'listWalletTransactions' },
        { operationId: 'sendFromWallet', body: { to_address: w.address, amount: '0.00000001', token_id: null } },
      ];
      for (const c of cases) {
        const ex = await ctx.call(c.operationId, { key: other.token, params: { id: w.id }, body: c.body });
        out.checked(c.operationId);
        if (is2xx(ex.status)) out.fail({ operationId: c.operationId, title: `another user's token → ${ex.status}`, message: `${ex.method} ${new URL(ex.url).pathname} with another user's token got ${ex.status}`, exchange: ex });
      }
    }
  },
});
