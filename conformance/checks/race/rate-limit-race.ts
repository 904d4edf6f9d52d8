// A parallel burst of twice the limit from one fresh key (--rate-limit --concurrency N: N in flight
// at a time, as fast as the target answers): a limiter that reads its count before it writes it
// lets more than the limit through. At most 60 succeed in a window of a minute (wallet §8), and
// each 429 follows the rules the sequential checks apply (the §7 error body; Retry-After,
// wallet.rate-limit-scope). The key is a fresh one: a second embedded fake's, or a user the checker
// registers. A burst during which a window may have ended (rate-limit-burst.ts windowTurn, read
// from the target's answers) may rightly let more through: it is tried again on a new key.
import { decision, seed } from '../check.js';
import { is2xx, retryAfterSeconds } from '../../exchange/exchange-readers.js';
import { requestFor } from '../../exchange/operation-request.js';
import { Client } from '../../exchange/transport.js';
import { has, type CheckContext } from '../../act/context.js';
import { registerUser } from '../../act/wallet-peer.js';
import { errorBodyProblems } from '../response/wallet-error-body.js';
import { LIMIT, windowTurn } from '../scenario/rate-limit-burst.js';
import { concurrencyOf, fireInFlight, defineRaceCheck, NotRaced } from './fire-together.js';
import { raceFailure } from './race-history.js';
import type { Exchange } from '../../types.js';

export const rateLimitRace = defineRaceCheck({
  id: 'rate-limit-race',
  title: 'a parallel burst of twice the limit on one key: at most 60 succeed in any minute, the rest get a proper 429',
  assertions: [
    seed('at-most-limit', 'wallet §8 Requests', 'no more than 60 of the overlapping requests succeed within 60 s, and some are refused'),
    seed('error-body', 'wallet §7 bullet 1', 'each 429 of the burst has the error body'),
    decision('retry-after', 'wallet.rate-limit-scope', 'each 429 of the burst carries Retry-After in whole seconds ≥ 1'),
  ],
  appliesTo: ['wallet'],
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.rateLimit || concurrencyOf(ctx) < 2 ? 'not asked for (--rate-limit --concurrency N)' : !ctx.allowWrites && !ctx.freshWalletTarget ? 'writes not allowed (--allow-writes): no fresh key to burst on' : undefined),
  async run(ctx, out) {
    let send = (spec: Parameters<CheckContext['send']>[0]) => ctx.send(spec);
    let key: string | undefined;
    let close: (() => Promise<void>) | undefined;
    if (ctx.freshWalletTarget) {
      const target = await ctx.freshWalletTarget();
      const client = new Client({ bases: { wallet: target.url } });
      key = target.key;
      send = async (spec) => {
        const ex = await client.send(spec);
        target.see?.(ex);
        return ex;
      };
      close = async () => {
        ctx.client.exchanges.push(...client.exchanges);
        await client.close();
        await target.close();
      };
    } else key = (await registerUser(ctx, 'race-limit'))?.token;
    if (key === undefined) return out.notExercised('could not register a user for a fresh key');
    let burst: Exchange[];
    try {
      burst = await fireInFlight(send, Array.from({ length: 2 * LIMIT }, () => requestFor('listWallets', { key })), concurrencyOf(ctx));
    } finally {
      await close?.();
    }
    const turn = windowTurn(burst);
    if (turn) throw new NotRaced(burst, `a window of the limit may have ended during the burst: ${turn}`);
    const ok = burst.filter((ex) => is2xx(ex.status));
    const refused = burst.filter((ex) => ex.status === 429);
    out.checked('listWallets', 'wallet', 'at-most-limit');
    if (ok.length > LIMIT) {
      out.fail(raceFailure({ assertion: 'at-most-limit', operationId: 'listWallets', title: `${ok.length} overlapping requests on one key succeeded within 60 s`, message: `${ok.length} of ${burst.length} requests (at most ${concurrencyOf(ctx)} in flight) succeeded within one window of the limit, over the limit of ${LIMIT}`, exchanges: burst }));
    } else if (refused.length === 0) {
      out.fail(raceFailure({ assertion: 'at-most-limit', operationId: 'listWallets', title: `no 429 in a burst of ${burst.length}`, message: `${burst.length} overlapping requests on one fresh key, none answered 429 (${ok.length} succeeded)`, exchanges: burst }));
    }
    for (const ex of refused) {
      out.checked('listWallets', 'wallet', ['error-body', 'retry-after']);
      const problems = errorBodyProblems(ex);
      if (problems.length) out.fail({ assertion: 'error-body', operationId: 'listWallets', title: '429 of a burst without the error body', message: problems.join('; '), exchange: ex });
      const retry = ex.responseHeaders['retry-after'];
      if (retryAfterSeconds(ex) === undefined) out.fail({ assertion: 'retry-after', operationId: 'listWallets', title: '429 of a burst without Retry-After seconds', message: `Retry-After is ${JSON.stringify(retry)}`, exchange: ex });
    }
  },
});
