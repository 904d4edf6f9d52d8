// Trading §5.6: "a request from an address that is not whitelisted gives 403", on every endpoint
// marked read or trade (§4), cancel and stop included: a key used from outside its whitelist may
// not use the operation at all, so a 404 for an order or relation its account lacks is as wrong as
// a success (the whitelist comes before any lookup in every guard order, trading.guard-order).
// Needs --trading-ip-locked-key (a key whose whitelist leaves out the checker's address); trade
// operations only with writes allowed, because a target that wrongly accepts the request would trade.
import { operations } from '../../../spec/index.js';
import { defineScenarioCheck, seed } from '../check.js';
import { has } from '../../act/context.js';
import { validTradingBody } from '../../act/valid-requests.js';

export const ipLocked403 = defineScenarioCheck({
  id: 'ip-locked-403',
  title: '403 for a key used from an address its whitelist leaves out',
  assertions: [seed('403', 'trading §5.6', 'a key used from an address outside its whitelist gets 403 on every read and trade operation, whatever order or lead trader a cancel or stop names')],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.ipLockedKey ? 'no --trading-ip-locked-key given' : undefined),
  async run(ctx, out) {
    const key = ctx.trading.ipLockedKey as string;
    for (const op of operations('trading').filter((o) => o.secured && (o.permission !== 'trade' || ctx.allowWrites))) {
      const ex = await ctx.call(op.operationId, { key, body: op.method === 'GET' ? undefined : validTradingBody(ctx.facts, op.operationId) });
      out.checked(op.operationId, 'trading', '403');
      if (ex.status !== 403) out.fail({ assertion: '403', operationId: op.operationId, title: `IP-locked key → ${ex.status}`, message: `${op.operationId} with a key whose whitelist leaves out this address got ${ex.status}, expected 403`, exchange: ex });
    }
  },
});
