// A wallet balance's usd_value is balance × the USD price the same target reports for the symbol,
// rounded down to 8 fraction digits (wallet.usd-value); a symbol without a price has usd_value 0
// (wallet.prices-unknown). Prices move (the fake's walk, a real market), so a case counts only
// when the price read before and after the balance is the same.
import { defineScenarioCheck, decision } from './check.js';
import { has } from '../context.js';
import type { CheckContext } from '../context.js';
import { formatUnits, toUnits } from '../decimal.js';
import { obj } from '../json-shape.js';
import type { Exchange } from '../types.js';

const SCALE = 100_000_000n;

/** The price as a JSON number → 1e-8 units (exact for the ≤ 8 fraction digits a price has). */
function priceUnits(value: unknown): bigint | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return toUnits(value.toFixed(8));
}

async function price(ctx: CheckContext, symbol: string): Promise<{ ex: Exchange; units: bigint | undefined; listed: boolean }> {
  const ex = await ctx.call('getWalletPrices', { query: { symbols: symbol } });
  const prices = obj(obj(ex.json)['prices']);
  const key = Object.keys(prices).find((k) => k.toUpperCase() === symbol.toUpperCase());
  return { ex, units: key === undefined ? undefined : priceUnits(prices[key]), listed: key !== undefined };
}

export const usdValueMatchesPrice = defineScenarioCheck({
  id: 'usd-value-matches-price',
  title: 'usd_value = balance × the same target\'s price, rounded down',
  assertions: [decision('rounded-down', 'wallet.usd-value')],
  appliesTo: ['wallet'],
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.wallet.key ? 'no --wallet-key given' : ctx.facts.wallets.length === 0 ? 'the --wallet-key user has no wallet' : undefined),
  async run(ctx, out) {
    let unstable = 0;
    for (const w of ctx.facts.wallets.slice(0, 4)) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const before = await price(ctx, w.symbol);
        const ex = await ctx.call('getWalletBalance', { key: ctx.wallet.key, params: { id: w.id } });
        const after = await price(ctx, w.symbol);
        if (ex.status !== 200) break; // other checks judge the status
        if (before.units !== after.units || before.listed !== after.listed) {
          unstable++;
          continue;
        }
        const body = obj(ex.json);
        const balance = toUnits(body['balance']);
        const usd = toUnits(body['usd_value']);
        if (balance === undefined || usd === undefined) break; // wallet-decimals and seed-fields judge the format
        out.checked('getWalletBalance');
        const expected = before.units === undefined ? 0n : (balance * before.units) / SCALE;
        // Rounded down: the exact product lies in [usd_value, usd_value + 1e-8).
        if (usd !== expected) {
          const priced = before.units === undefined ? 'no price is listed, so 0' : `${formatUnits(balance)} × ${formatUnits(before.units)} rounded down = ${formatUnits(expected)}`;
          out.fail({ operationId: 'getWalletBalance', title: `usd_value ${String(body['usd_value'])} ≠ ${formatUnits(expected)}`, message: `wallet ${w.id} (${w.symbol}): usd_value is ${String(body['usd_value'])}; ${priced}`, exchange: ex });
        }
        break;
      }
    }
    if (unstable) out.notExercised(`the ${unstable === 1 ? 'price' : 'prices'} moved during every attempt`);
  },
});
