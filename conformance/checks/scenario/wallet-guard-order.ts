// Which comes first for a key over its rate limit sending an invalid body, the limit (429) or the
// input (400)? Decision wallet.guard-order: doppel counts the request first ('key > rate-limit >
// input'), or the --profile's order. Only with --rate-limit: it spends a key's minute (a fresh
// embedded fake's; with --allow-writes a user it registers; else --wallet-key's, which later
// requests of the run then wait for). The send itself writes nothing: its body is empty, so it is
// refused whichever guard comes first. The observer reads any request with a body the spec refuses
// from a key whose last answer was a 429, answered surely within the window that 429 named (its
// Retry-After: rate-limit-burst.ts stillLimited); a send that may have come after the window
// ended says nothing, and the scenario spends the key again and sends again, once.
import { WALLET_GUARD_ORDERS } from '../../../spec/decision-points.js';
import { defineScenarioCheck, decision } from '../check.js';
import { bodyIsValid, is2xx, keyOf } from '../../exchange/exchange-readers.js';
import { BoundedMap } from '../bounded-map.js';
import { has } from '../../act/context.js';
import { requestFor } from '../../exchange/operation-request.js';
import { LIMIT, spend, stillLimited } from './rate-limit-burst.js';
import type { Exchange } from '../../types.js';
import { registerUser } from '../../act/wallet-peer.js';

const ORDER_FOR_STATUS: Readonly<Record<number, string>> = { 429: WALLET_GUARD_ORDERS[0], 400: WALLET_GUARD_ORDERS[1] };
/** Tries of spending the key and sending within the window its 429 named. */
const TRIES = 2;

export const walletGuardOrder = defineScenarioCheck({
  id: 'wallet-guard-order',
  title: 'a key over its rate limit with an invalid body gets 429 before 400 (or the profile\'s order)',
  assertions: [decision('order', 'wallet.guard-order')],
  observes: ['wallet.guard-order'],
  appliesTo: ['wallet'],
  observer: {
    shows: { 'wallet.guard-order': 'a send with an invalid body from a key whose last answer was a 429, within the window its Retry-After named' },
    start() {
      // key → its last 429, forgotten at its next success.
      const limited = new BoundedMap<string, Exchange>(10_000);
      return (ex, found) => {
        const key = keyOf(ex);
        if (ex.iface !== 'wallet' || key === undefined) return;
        const spent = limited.get(key);
        if (spent && ex.operationId === 'sendFromWallet' && stillLimited(spent, ex.endedAt) && !bodyIsValid(ex)) {
          const order = ORDER_FOR_STATUS[ex.status];
          if (order !== undefined) {
            found({
              point: 'wallet.guard-order',
              evidence: [spent, ex],
              value: order,
              describe: (expected) => ({ title: `over the limit + invalid body → ${ex.status}`, message: `an invalid send on a key over its rate limit answered ${ex.status}: the order ${order}, expected ${expected}` }),
            });
          }
        }
        if (ex.status === 429) limited.set(key, ex);
        else if (is2xx(ex.status)) limited.delete(key);
      };
    },
  },
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.rateLimit ? 'not asked for (--rate-limit)' : !ctx.freshWalletTarget && !ctx.wallet.key && !ctx.allowWrites ? 'no --wallet-key given and writes not allowed' : undefined),
  async run(ctx, out) {
    const fresh = ctx.freshWalletTarget ? await ctx.freshWalletTarget() : undefined;
    // The fresh fake's exchanges go to its own judge, whose observer reads the order from them.
    const client = fresh ? ctx.client.withBases({ wallet: fresh.url }, fresh.see) : ctx.client;
    // With writes, a user of its own, so that --wallet-key keeps its minute for the rest of the run.
    const own = fresh || !ctx.allowWrites ? undefined : (await registerUser(ctx, 'guard-order'))?.token;
    const key = fresh?.key ?? own ?? ctx.wallet.key;
    if (key === undefined) return out.notExercised('no key to spend: give --wallet-key or --allow-writes');
    // Any well-formed id: the body is refused before ownership (404) in either order.
    const walletId = [...ctx.facts.wallets].sort((a, b) => a.id - b.id)[0]?.id ?? 1;
    try {
      for (let tried = 1; ; tried++) {
        // Up to 121 requests: two windows of the limit hold at most 120 (rate-limit-burst.ts).
        const spent = (await spend((spec) => client.send(spec), key, 2 * LIMIT + 1)).at(-1) as Exchange;
        if (spent.status !== 429) return out.notExercised(`${2 * LIMIT + 1} requests on one key met no 429, so no key over its limit to send with`);
        const ex = await client.send(requestFor('sendFromWallet', { key, params: { id: walletId }, body: {}, keep429: true }));
        if (stillLimited(spent, ex.endedAt)) return out.notExercised(`an empty send over the rate limit answered ${ex.status}, neither 429 nor 400`);
        if (tried >= TRIES) return out.notExercised(`the empty send was answered after the window the 429 named (Retry-After ${spent.responseHeaders['retry-after'] ?? 'none'}) may have ended, ${TRIES} times`);
      }
    } finally {
      if (client !== ctx.client) {
        ctx.client.exchanges.push(...client.exchanges);
        await client.close();
        await fresh?.close();
      }
    }
  },
});
