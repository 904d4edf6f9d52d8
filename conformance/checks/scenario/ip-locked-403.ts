// Trading §5.6: "a request from an address that is not whitelisted gives 403", on every endpoint
// marked read or trade (§4). Needs --trading-ip-locked-key (a key whose whitelist leaves out the
// checker's address); trade operations only with writes allowed, because a target that wrongly
// accepts the request would trade.
import { operations } from '../../../spec/index.js';
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { validTradingBody } from '../../act/valid-requests.js';

// Cancel and stop name resources the key's account may not have: whether the whitelist or the
// lookup answers first is doppel's guard order (trading.guard-order), so for them the seed only
// forbids success.
const RESOURCE_OPS = new Set(['cancelSpotOrder', 'stopCopy']);

export const ipLocked403 = defineScenarioCheck({
  id: 'ip-locked-403',
  title: '403 for a key used from an address its whitelist leaves out',
  assertions: [
    seed('403', 'trading §5.6', 'a key used from an address outside its whitelist gets 403 on every read and trade operation'),
    seed('refused', 'trading §5.6', 'a key used from an address outside its whitelist never cancels or stops (403, or 404 for what its account lacks: decision trading.guard-order)'),
  ],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.ipLockedKey ? 'no --trading-ip-locked-key given' : undefined),
  async run(ctx, out) {
    const key = ctx.trading.ipLockedKey as string;
    for (const op of operations('trading').filter((o) => o.secured && (o.permission !== 'trade' || ctx.allowWrites))) {
      const ex = await ctx.call(op.operationId, { key, body: op.method === 'GET' ? undefined : validTradingBody(ctx.facts, op.operationId) });
      const assertion = RESOURCE_OPS.has(op.operationId) ? 'refused' : '403';
      out.checked(op.operationId, 'trading', assertion);
      const bad = assertion === 'refused' ? is2xx(ex.status) : ex.status !== 403;
      if (bad) out.fail({ assertion, operationId: op.operationId, title: `IP-locked key → ${ex.status}`, message: `${op.operationId} with a key whose whitelist leaves out this address got ${ex.status}, expected 403`, exchange: ex });
    }
  },
});
