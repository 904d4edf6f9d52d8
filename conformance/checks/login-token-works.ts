// Wallet §4-§5.2: register, log in, and the login token is accepted as X-API-Key.
import fc from 'fast-check';
import { defineScenarioCheck } from './check.js';
import { writesSkip } from './writes-skip.js';
import { CheckFailure } from '../check-failure.js';
import { checkProperty } from '../property.js';
import { newEmail } from '../wallet-peer.js';

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export const loginTokenWorks = defineScenarioCheck({
  id: 'login-token-works',
  source: 'seed wallet §4, §5.2',
  kind: 'seed',
  appliesTo: ['wallet'],
  title: 'a login token works as X-API-Key',
  skip: (ctx) => writesSkip(ctx, 'wallet'),
  async run(ctx, out) {
    const names = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0);
    const failure = await checkProperty('login-token-works', ctx.seed, Math.min(3, ctx.runs), names, async (name) => {
      out.checked('login');
      const email = newEmail(ctx, 'login');
      const password = `pw-${ctx.nonce}`;
      const reg = await ctx.send({ iface: 'wallet', operationId: 'register', method: 'POST', path: '/api/v1/register', body: { name, email, password } });
      if (reg.status !== 200 && reg.status !== 201) throw new CheckFailure(`registering a new user answered ${reg.status}`, reg);
      const login = await ctx.send({ iface: 'wallet', operationId: 'login', method: 'POST', path: '/api/v1/login', body: { email, password } });
      const token = obj(login.json)['token'];
      if (login.status !== 200 || typeof token !== 'string') throw new CheckFailure(`logging in answered ${login.status} without a token`, login);
      const wallets = await ctx.send({ iface: 'wallet', operationId: 'listWallets', method: 'GET', path: '/api/v1/wallets', headers: { 'X-API-Key': token } });
      if (wallets.status !== 200) throw new CheckFailure(`the login token as X-API-Key got ${wallets.status}`, wallets);
    });
    if (failure) out.fail({ operationId: failure.exchange?.operationId ?? 'login', title: failure.problem.slice(0, 100), message: `${failure.problem}; shrunk name ${JSON.stringify(failure.value)}`, exchange: failure.exchange });
  },
});
