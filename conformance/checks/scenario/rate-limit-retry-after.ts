// doppel's 429 carries Retry-After in whole seconds ≥ 1 (wallet.rate-limit-scope).
import { defineScenarioCheck, decision } from '../check.js';
import { has } from '../../act/context.js';
import { retryAfterSeconds } from '../../exchange/exchange-readers.js';
import { burst } from './rate-limit-burst.js';

export const rateLimitRetryAfter = defineScenarioCheck({
  id: 'rate-limit-retry-after',
  title: '429 carries Retry-After seconds',
  assertions: [decision('retry-after', 'wallet.rate-limit-scope', '', 'wallet §8 Requests')],
  appliesTo: ['wallet'],
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.rateLimit ? 'not asked for (--rate-limit)' : undefined),
  async run(ctx, out) {
    const refused = (await burst(ctx))?.exchanges.find((ex) => ex.status === 429);
    if (!refused) return out.notExercised('no 429 seen (rate-limit-429 reports it)');
    out.checked('listWallets');
    const value = refused.responseHeaders['retry-after'];
    if (retryAfterSeconds(refused) === undefined) out.fail({ operationId: 'listWallets', title: 'Retry-After missing or malformed', message: `Retry-After is ${JSON.stringify(value)}`, exchange: refused });
  },
});
