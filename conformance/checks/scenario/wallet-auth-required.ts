// Wallet §5.1-5.3: wallet endpoints carry X-API-Key; without a valid one nothing succeeds: not a
// valid key in the trading interface's API-KEY instead (§5.1), nor a trading key in X-API-Key
// (§5.2 names the values it takes). The seed names no status for it (see wallet-auth-401 for
// doppel's 401).
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { authProbes, probeCases } from './auth-probes.js';
import { has } from '../../act/context.js';
import { describeKeyless, keyCase, keylessVerdict } from './auth-passive.js';

const ASSERTION = { missing: 'refused', 'wrong-header': 'wrong-header', 'other-key': 'other-key' } as const;

export const walletAuthRequired = defineScenarioCheck({
  id: 'wallet-auth-required',
  title: 'no success without a valid X-API-Key',
  assertions: [
    seed('refused', ['wallet §5.1', 'wallet §5.3', 'wallet §4 POST /api/v1/wallets/create', 'wallet §4 GET /api/v1/wallets', 'wallet §4 GET /api/v1/wallets/{id}/balance', 'wallet §4 GET /api/v1/wallets/{id}/transactions', 'wallet §4 POST /api/v1/wallets/{id}/send'], 'no X-API-Key, or an invalid one, never succeeds'),
    seed('wrong-header', 'wallet §5.1', 'a valid wallet key in API-KEY instead of X-API-Key never succeeds'),
    seed('other-key', 'wallet §5.2', 'a trading key in X-API-Key never succeeds'),
  ],
  appliesTo: ['wallet'],
  // Any stream: a keyed operation without X-API-Key (a key in API-KEY instead or none) refused is
  // a case, answered with a success is a failure; a keyed request's 401 is a case.
  passive: {
    start: () => (ex, _model, out) => {
      const c = ex.iface === 'wallet' ? keyCase(ex) : undefined;
      if (!c) return;
      if (c.kind === 'keyed') return ex.status === 401 ? out.checked(ex, 'refused') : undefined;
      const verdict = keylessVerdict(ex);
      if (!verdict) return;
      const assertion = c.otherHeader ? 'wrong-header' : 'refused';
      out.checked(ex, assertion);
      if (verdict === 'broken') out.fail({ assertion, title: `no X-API-Key → ${ex.status}`, message: describeKeyless(ex, c, 'X-API-Key'), exchange: ex, requests: [ex] });
    },
  },
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  async run(ctx, out) {
    for (const probe of await authProbes(ctx, 'wallet')) {
      for (const { what, assertion, ex } of probeCases(probe, 'wallet')) {
        out.checked(probe.op.operationId, 'wallet', ASSERTION[assertion]);
        if (is2xx(ex.status) || ex.status >= 500) out.fail({ assertion: ASSERTION[assertion], operationId: probe.op.operationId, title: `${what} → ${ex.status}`, message: `a request with ${what} was answered ${ex.status}`, exchange: ex });
      }
    }
  },
});
