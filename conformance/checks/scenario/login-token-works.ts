// Wallet §4-§5.2: register, log in, and the login token is accepted as X-API-Key (wallet §4
// bullet 1: "the login token is the value used as X-API-Key"): on every wallet operation, reads
// and writes, not on some only.
import fc from 'fast-check';
import { defineScenarioCheck, seed } from '../check.js';
import { writesSkip } from '../writes-skip.js';
import { CheckFailure } from '../../act/check-failure.js';
import { checkProperty } from '../../act/property.js';
import { obj } from '../../exchange/json-shape.js';
import { is2xx, keyOf } from '../../exchange/exchange-readers.js';
import { newEmail, registerUser } from '../../act/wallet-peer.js';
import type { CheckContext } from '../../act/context.js';
import type { ScenarioOutput } from '../check.js';
import type { Exchange } from '../../types.js';
import { getOperation } from '../../../spec/index.js';

/**
 * Every keyed wallet operation with a fresh user's login token, on the wallet it creates: each
 * must succeed, but a send from an empty wallet, which must only not be refused as a credential
 * is (401, 403).
 */
async function everyOperation(ctx: CheckContext, out: ScenarioOutput): Promise<void> {
  const user = await registerUser(ctx, 'token');
  // Registration or login failing is the property's finding.
  if (!user) return;
  const key = user.token;
  const judge = (ex: Exchange, mustSucceed: boolean): void => {
    const op = ex.operationId ?? 'createWallet';
    out.checked(op, 'wallet', 'every-operation');
    const refused = mustSucceed ? !is2xx(ex.status) : ex.status === 401 || ex.status === 403;
    if (refused) out.fail({ assertion: 'every-operation', operationId: op, title: `login token on ${op} → ${ex.status}`, message: `${op} with a login token as X-API-Key got ${ex.status}; the token is the value used as X-API-Key (wallet §4 bullet 1), for writes as for reads`, exchange: ex });
  };
  const created = await ctx.call('createWallet', { key, body: { chain: ctx.facts.wallets[0]?.chain ?? ctx.facts.chains[0] ?? 'ethereum' } });
  judge(created, true);
  judge(await ctx.call('listWallets', { key }), true);
  const wallet = obj(obj(created.json)['wallet']);
  const id = wallet['id'];
  if (typeof id !== 'number') return;
  judge(await ctx.call('getWalletBalance', { key, params: { id } }), true);
  judge(await ctx.call('listWalletTransactions', { key, params: { id } }), true);
  const to = typeof wallet['address'] === 'string' ? wallet['address'] : (ctx.facts.wallets[0]?.address ?? 'x');
  judge(await ctx.call('sendFromWallet', { key, params: { id }, body: { to_address: to, amount: '0.00000001', token_id: null } }), false);
}

export const loginTokenWorks = defineScenarioCheck({
  id: 'login-token-works',
  title: 'a login token works as X-API-Key',
  assertions: [
    seed('token-works', ['wallet §4 bullet 1', 'wallet §5.2', 'wallet §4 POST /api/v1/register', 'wallet §4 POST /api/v1/login'], 'a login token works as X-API-Key'),
    seed('every-operation', 'wallet §4 bullet 1', 'a login token is accepted on every wallet operation, reads and writes'),
  ],
  appliesTo: ['wallet'],
  // Any stream: a token a login answered, used as X-API-Key on a keyed operation, is a case;
  // refused with 401 after the target accepted it on another operation, a failure (wallet §4
  // bullet 1: the token is the value used as X-API-Key, for every operation).
  passive: {
    start: () => {
      const tokens = new Set<string>();
      const acceptedOn = new Map<string, Exchange>();
      return (ex, _model, out) => {
        if (ex.iface !== 'wallet' || ex.operationId === null) return;
        if (ex.operationId === 'login' && is2xx(ex.status)) {
          const token = obj(ex.json)['token'];
          if (typeof token === 'string') tokens.add(token);
          return;
        }
        const key = keyOf(ex);
        if (key === undefined || !tokens.has(key) || !getOperation('wallet', ex.operationId).secured) return;
        if (is2xx(ex.status)) {
          out.checked(ex, 'every-operation');
          if (!acceptedOn.has(key)) acceptedOn.set(key, ex);
          return;
        }
        const earlier = acceptedOn.get(key);
        if (ex.status !== 401 || !earlier) return;
        out.checked(ex, 'every-operation');
        out.fail({ assertion: 'every-operation', title: `login token on ${ex.operationId} → 401`, message: `${ex.operationId} #${ex.seq} refused with 401 a login token that ${earlier.operationId} #${earlier.seq} accepted as X-API-Key (wallet §4 bullet 1)`, exchange: ex, requests: [earlier, ex] });
      };
    },
  },
  skip: (ctx) => writesSkip(ctx, 'wallet'),
  async run(ctx, out) {
    const names = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0);
    const failure = await checkProperty('login-token-works', ctx.seed, Math.min(3, ctx.runs), names, async (name) => {
      out.checked('login', 'wallet', 'token-works');
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
    if (failure) out.fail({ assertion: 'token-works', operationId: failure.exchange?.operationId ?? 'login', title: failure.problem.slice(0, 100), message: `${failure.problem}; shrunk name ${JSON.stringify(failure.value)}`, exchange: failure.exchange, requests: failure.requests });
    await everyOperation(ctx, out);
  },
});
