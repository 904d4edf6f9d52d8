// Orders placed only so that the orders listing holds enough entries to show something: more than
// its default limit (decision trading.orders-default-limit: a listing no longer than its default
// cannot tell the default from "everything"), two for its order (trading.orders-listing). Spot
// market buys of the cheapest market's min_amount: they trade at once (nothing left resting to
// cancel), one request each, and cost the least the markets allow.
import { formatUnits, toUnits } from '../../exchange/decimal.js';
import { arr, obj } from '../../exchange/json-shape.js';
import type { CheckContext } from '../../act/context.js';
import { cheapestMarket, smallestAmount } from '../../act/valid-requests.js';

/** The largest `limit` of the orders listing (seed trading §8): a wider listing cannot be asked for. */
export const ORDERS_MAX_LIMIT = 100;

/** The number of orders a listing must hold to show a default of `limit`: one more than it. */
export const ordersToShow = (limit: number): number => limit + 1;

/** A buy's price may move between the price read and the trade: the balance must cover a tenth more. */
const spare = (units: bigint): bigint => units + units / 10n;

/** The USDT the key can spend, over all chains (trading §2: one balance entry per currency and chain). */
async function availableUsdt(ctx: CheckContext, key: string): Promise<bigint | string> {
  const ex = await ctx.call('getBalances', { key });
  if (ex.status !== 200) return `the balances answered ${ex.status}`;
  return arr(obj(ex.json)['data'])
    .map(obj)
    .filter((b) => b['currency'] === 'USDT')
    .reduce((sum, b) => sum + (toUnits(b['balance']) ?? 0n), 0n);
}

/**
 * Places `count` orders with the --trading-key; undefined when all were accepted, else why not (no
 * writes allowed, no trade key, a balance too small, a refusal).
 */
export async function fillOrdersListing(ctx: CheckContext, count: number): Promise<string | undefined> {
  const key = ctx.trading.key;
  if (!ctx.allowWrites) return `placing ${count} more needs --allow-writes`;
  if (!key) return `placing ${count} more needs --trading-key`;
  const cheapest = cheapestMarket(ctx.facts);
  if (!cheapest) return 'no USDT market with a price to place orders on';
  const { market: m, units } = cheapest;
  const amount = smallestAmount(m);
  const available = await availableUsdt(ctx, key);
  if (typeof available === 'string') return available;
  const cost = spare(units * BigInt(count));
  if (available < cost) return `the account's ${formatUnits(available)} USDT cannot pay for ${count} market buys of ${amount} ${m.market}/${m.pair} (≈ ${formatUnits(cost)} USDT)`;
  for (let i = 0; i < count; i++) {
    const ex = await ctx.call('placeSpotOrder', { key, body: { market: m.market, pair: m.pair, side: 'buy', order_type: 'market', amount } });
    if (ex.status !== 200) return `placing order ${i + 1} of ${count} (a market buy of ${amount} ${m.market}/${m.pair}) answered ${ex.status}`;
  }
  return undefined;
}
