// Wallet §8: 60 requests a minute per API key, "On excess: HTTP 429", with the §7 error body.
// Only with --rate-limit. On a fresh key the first 60 pass and the 61st is refused; on a key
// already in use (foreign target without writes), or when a window of the limit ended midway
// (rate-limit-burst.ts), a 429 must come within 121 requests sent within a minute.
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { errorBodyProblems } from '../response/wallet-error-body.js';
import { burst } from './rate-limit-burst.js';

export const rateLimit429 = defineScenarioCheck({
  id: 'rate-limit-429',
  title: 'the 61st request in a minute on one key gets 429 with the error body',
  assertions: [seed('429', ['wallet §8 Requests', 'wallet §7 bullet 2'])],
  appliesTo: ['wallet'],
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.rateLimit ? 'not asked for (--rate-limit)' : undefined),
  async run(ctx, out) {
    const result = await burst(ctx);
    if (!result) return out.notExercised('no key to send on: give --wallet-key or --allow-writes');
    const { exchanges, fresh, unjudged } = result;
    const first429 = exchanges.findIndex((ex) => ex.status === 429);
    const last = exchanges[exchanges.length - 1];
    if (first429 === -1 && unjudged) return out.notExercised(`no 429, but ${unjudged}`);
    out.checked('listWallets');
    if (first429 === -1) {
      out.fail({ operationId: 'listWallets', title: `no 429 after ${exchanges.length} requests`, message: `${exchanges.length} requests on one key within a minute${exchanges.length > 61 ? ' (two windows of the limit hold at most 120)' : ', the first window of a fresh key'}, none answered 429`, exchange: last });
      return;
    }
    if (fresh && first429 < 60) {
      out.fail({ operationId: 'listWallets', title: `429 at request ${first429 + 1}`, message: `a fresh key was refused at request ${first429 + 1}, before its 61st`, exchange: exchanges[first429] });
    }
    const refused = exchanges[first429];
    const early = exchanges.slice(0, first429).find((ex) => !is2xx(ex.status));
    if (early && fresh) out.fail({ operationId: 'listWallets', title: `request answered ${early.status}`, message: `a request before the limit got ${early.status}`, exchange: early });
    if (refused) {
      const problems = errorBodyProblems(refused);
      if (problems.length) out.fail({ operationId: 'listWallets', title: '429 without the error body', message: problems.join('; '), exchange: refused });
    }
  },
});
