// Wallet §5.2: the key identifies the user; another user's token can neither read the wallet's
// balance or history nor send from it.
import { defineScenarioCheck, is2xx } from './check.js';
import { writesSkip } from './writes-skip.js';
import { registerUser } from '../wallet-peer.js';

export const walletIsolation = defineScenarioCheck({
  id: 'wallet-isolation',
  source: 'seed wallet §5.2',
  kind: 'seed',
  appliesTo: ['wallet'],
  title: "one user cannot read or move another's wallet",
  skip: (ctx) => writesSkip(ctx, 'wallet') ?? (!ctx.wallet.key ? 'needs --wallet-key' : ctx.facts.wallets.length === 0 ? 'the --wallet-key user has no wallet' : undefined),
  async run(ctx, out) {
    const other = await ctx.memo('isolation-user', () => registerUser(ctx, 'other'));
    if (!other) {
      out.fail({ operationId: 'register', title: 'could not register a second user', message: 'register or login failed' });
      return;
    }
    const headers = { 'X-API-Key': other.token };
    for (const w of ctx.facts.wallets.slice(0, 2)) {
      const cases = [
        { operationId: 'getWalletBalance', method: 'GET' as const, path: `/api/v1/wallets/${w.id}/balance` },
        { operationId: 'listWalletTransactions', method: 'GET' as const, path: `/api/v1/wallets/${w.id}/transactions` },
        { operationId: 'sendFromWallet', method: 'POST' as const, path: `/api/v1/wallets/${w.id}/send`, body: { to_address: w.address, amount: '0.00000001', token_id: null } },
      ];
      for (const c of cases) {
        const ex = await ctx.send({ iface: 'wallet', headers, ...c });
        out.checked(c.operationId);
        if (is2xx(ex.status)) out.fail({ operationId: c.operationId, title: `another user's token → ${ex.status}`, message: `${c.method} ${c.path} with another user's token got ${ex.status}`, exchange: ex });
      }
    }
  },
});
