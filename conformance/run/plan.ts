// The plan printed before a run with writes: what will be created or moved, and the largest amounts.
import type { CheckContext } from '../act/context.js';
import { formatUnits, toUnits } from '../exchange/decimal.js';
import { cheapestMarket, orderMarket, restingBuyPrice, SEND_UNIT, smallestAmount } from '../act/valid-requests.js';
import { ordersToShow } from '../checks/scenario/fill-orders-listing.js';
import { ATTEMPTS } from '../checks/race/fire-together.js';

/** The largest value in USD of one smallest order over the markets listed (min_amount × price). */
function largestOrderUsd(ctx: CheckContext): { usd: number; market: string } | undefined {
  let best: { usd: number; market: string } | undefined;
  for (const m of ctx.facts.markets) {
    const price = ctx.facts.prices[m.market];
    const amount = Number(toUnits(smallestAmount(m)) ?? 0n) / 1e8;
    if (price === undefined) continue;
    const usd = amount * price;
    if (!best || usd > best.usd) best = { usd, market: `${m.market}/${m.pair}` };
  }
  return best;
}

export function writePlan(ctx: CheckContext): string[] {
  const lines = ['Plan (--allow-writes):'];
  if (ctx.targets.trading && ctx.trading.key) {
    const m = orderMarket(ctx.facts);
    const trader = ctx.facts.traders[0];
    const largest = largestOrderUsd(ctx);
    lines.push(
      `  trading: orders of every kind on the ${ctx.facts.markets.length} markets listed, each of the market's min_amount${largest ? ` (largest ≈ ${largest.usd.toFixed(2)} USD, ${largest.market})` : ''}:`,
      '           spot market buys and sells (they trade), spot limit orders at half or twice the price (they rest, then are cancelled),',
      '           margin and futures positions at leverage up to 10 (futures run to their expiry, up to the longest duration accepted),',
      `           binary bids of 1..3 quote units over the documented durations; copy lead traders with min_copy_amount + up to 2 USDT${trader ? ` (largest ≈ ${Math.ceil(trader.minCopyAmount) + 2} USDT)` : ''}, then stop.`,
      `           Decision and guard checks add: limit orders of ${smallestAmount(m)} ${m.market}/${m.pair} at ${restingBuyPrice(ctx.facts, m)}, one copy of lead trader ${trader?.id ?? 1} started twice.`,
      ...fillPlan(ctx),
      '           only where GET /__doppel/clock answers (doppel\'s fake): an account from /__doppel/keys with 1000 USDT bids 1 and opens a',
      `           1-hour futures position of ${smallestAmount(m)} ${m.market}, then the fake's clock is moved 61 minutes so that both settle.`,
    );
  }
  if (ctx.targets.wallet) {
    lines.push(`  wallet: register users doppel-*@example.test; one of them creates a wallet on each of the ${ctx.facts.chains.length} chains listed;`);
    if (ctx.wallet.key) {
      lines.push(
        `          send ${SEND_UNIT.toFixed(5)}..${(5 * SEND_UNIT).toFixed(5)} of a native coin (largest ${(5 * SEND_UNIT).toFixed(5)}) and ${SEND_UNIT.toFixed(5)} of one token they list from the --wallet-key's wallets to such wallets;`,
        '          at the end, that user sends all of the native coin that arrived back to the wallet it came from.',
      );
    }
  }
  if (ctx.concurrency) lines.push(...racePlan(ctx, ctx.concurrency));
  return lines;
}

/** default-listing-limit's market buys, where the account lists no more orders than the default. */
function fillPlan(ctx: CheckContext): string[] {
  const cheapest = cheapestMarket(ctx.facts);
  const limit = Number(ctx.decisions['trading.orders-default-limit']);
  if (!cheapest) return [];
  const { market: m, units } = cheapest;
  return [`           Where the account lists at most ${limit} orders (the listing's default): up to ${ordersToShow(limit)} spot market buys of ${smallestAmount(m)} ${m.market}/${m.pair} (≈ ${formatUnits(units)} USDT each), so that a listing without limit shows its default.`];
}

/** The race checks' requests (--concurrency N) and the most money they can move. */
function racePlan(ctx: CheckContext, n: number): string[] {
  const lines = [
    `  races (--concurrency ${n}): overlapping requests, fired together, each firing after as many public reads`,
    `          (a firing whose requests were not all in flight together is repeated, at most ${ATTEMPTS} times in all):`,
  ];
  if (ctx.targets.wallet) {
    const funds = 5 * SEND_UNIT;
    lines.push(
      `          wallet: a registered user creates 2 wallets; the --wallet-key's wallet sends ${funds.toFixed(5)} of its native coin to the first (the most that leaves the key's user);`,
      `                  then ${n} sends of ${(2 / (n + 1)).toFixed(2)} of that balance at once from the first to the second (only between the checker's wallets);`,
      `                  ${n} registrations of one doppel-race-*@example.test e-mail at once${ctx.rateLimit ? `; 120 GET /api/v1/wallets on the new user's key, ${n} in flight` : ''}.`,
    );
  }
  if (ctx.targets.trading && ctx.trading.key) {
    const m = orderMarket(ctx.facts);
    const trader = ctx.facts.traders[0];
    lines.push(
      `          trading: on an account the checker creates (doppel's fake, /__doppel/keys) ${n} limit buys and margin positions (leverage 1, alternating) of ${smallestAmount(m)} ${m.market}/${m.pair} at ${restingBuyPrice(ctx.facts, m)} at once;`,
      `                   2 copy starts of lead trader ${trader?.id ?? 1} with ${trader?.minCopyAmount ?? 10} USDT at once, then a stop; one resting limit buy of ${smallestAmount(m)} ${m.market}/${m.pair} cancelled twice at once`,
      '                   (on the --trading-key where the target creates no account: nothing moves, the copy and the order only lock).',
    );
  }
  return lines;
}
