// Wallet §4-§5.2: register, log in, and the login token is accepted as X-API-Key.
import fc from 'fast-check';
import { defineScenarioCheck, seed } from '../check.js';
import { writesSkip } from '../writes-skip.js';
import { CheckFailure } from '../../run/check-failure.js';
import { checkProperty } from '../../run/property.js';
import { obj } from '../../exchange/json-shape.js';
import { newEmail } from '../../run/wallet-peer.js';

export const loginTokenWorks = defineScenarioCheck({
  id: 'login-token-works',
  title: 'a login token works as X-API-Key',
  assertions: [seed('token-works', ['wallet §4 bullet 1', 'wallet §5.2', 'wallet §4 POST /api/v1/register', 'wallet §4 POST /api/v1/login'], 'a login token works as X-API-Key')],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet'),
  async run(ctx, out) {
    const names = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0);
    const failure = await checkProperty('login-token-works', ctx.seed, Math.min(3, ctx.runs), names, async (name) => {
      out.checked('login');
      const email = newEmail(ctx, 'login');
      const password = `pw-${ctx.nonce}`;
      const reg = await ctx.call('register', { body: { name, email, password } });
      // 409: an earlier run with this --seed registered the e-mail (same password), so log in.
      if (reg.status !== 200 && reg.status !== 201 && reg.status !== 409) throw new CheckFailure(`registering a new user answered ${reg.status}`, reg);
      const login = await ctx.call('login', { body: { email, password } });
      const token = obj(login.json)['token'];
      if (login.status !== 200 || typeof token !== 'string') throw new CheckFailure(`logging in answered ${login.status} without a token`, login);
      ctx.secret(token, 'DOPPEL_LOGIN_TOKEN', 'login token of a user the checker registered');
      const wallets = await ctx.call('listWallets', { key: token });
      if (wallets.status !== 200) throw new CheckFailure(`the login token as X-API-Key got ${wallets.status}`, wallets);
    }, [], ctx.client.exchanges);
    if (failure) out.fail({ operationId: failure.exchange?.operationId ?? 'login', title: failure.problem.slice(0, 100), message: `${failure.problem}; shrunk name ${JSON.stringify(failure.value)}`, exchange: failure.exchange, requests: failure.requests });
  },
});
