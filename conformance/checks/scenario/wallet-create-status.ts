// A wallet creation answers 200 (decision point wallet.create-semantics#status), or the status the
// --profile gives; --learn writes the one seen. The wallet is made for a user the checker
// registers, never for the --wallet-key's user.
import { defineScenarioCheck, decision } from '../check.js';
import { writesSkip } from '../writes-skip.js';
import { obj } from '../../exchange/json-shape.js';
import { registerUser } from '../../act/wallet-peer.js';

const POINT = 'wallet.create-semantics#status';

export const walletCreateStatus = defineScenarioCheck({
  id: 'wallet-create-status',
  title: 'a wallet creation answers 200 (or the profile\'s status)',
  assertions: [decision('status', 'wallet.create-semantics')],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet'),
  observer: {
    shows: { [POINT]: 'a successful wallet creation (2xx with the wallet)' },
    start: () => (ex, found) => {
      if (ex.operationId !== 'createWallet' || ex.status < 200 || ex.status > 299 || typeof obj(obj(ex.json)['wallet'])['id'] !== 'number') return;
      found({ point: POINT, evidence: [ex], value: ex.status, describe: (expected) => ({ title: `createWallet → ${ex.status}, expected ${expected}`, message: `creating a wallet answered ${ex.status}, expected ${expected}` }) });
    },
  },
  async run(ctx, out) {
    const user = await registerUser(ctx, 'create');
    if (!user) return out.notExercised('could not register and log in a user to create a wallet for');
    const chain = ctx.facts.chains[0] ?? 'ethereum';
    const created = await ctx.call('createWallet', { key: user.token, body: { chain } });
    out.notExercised(`creating a ${chain} wallet answered ${created.status} without a wallet`);
  },
});
