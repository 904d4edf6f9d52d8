// A wallet balance's usd_value is the balance at the USD price the same target reports for its
// symbol (wallet §2 Balance result: usd_value; §4 /prices): within a cent by the seed, and exactly
// rounded down to 8 fraction digits by decision wallet.usd-value; a symbol /prices leaves out has
// usd_value 0 (wallet.prices-unknown). Prices move, so a balance is judged only between two /prices
// answers for its symbol that agree, the one just before it and the one just after.
import { decision, defineStateCheck, seed, type StateOutput } from '../check.js';
import { queryOf } from '../../exchange/exchange-readers.js';
import { formatUnits, toUnits } from '../../exchange/decimal.js';
import { obj } from '../../exchange/json-shape.js';
import { accepted, named, overlapped, topOf } from '../../model/exchange-facts.js';
import type { Exchange } from '../../types.js';

const SCALE = 100_000_000n;
/** A cent: how far a usd_value rounded another way may be from the exact product (seed). */
const CENT = 1_000_000n;

/** What a /prices answer said of one symbol it was asked for: its price in 1e-8 units, or null when it left it out. */
interface Quote {
  units: bigint | null;
  ex: Exchange;
}

interface Waiting {
  ex: Exchange;
  symbol: string;
  balance: bigint;
  usd: bigint;
  before: Quote;
}

/** The price as a JSON number → 1e-8 units (exact for the ≤ 8 fraction digits a price has). */
function priceUnits(value: unknown): bigint | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? toUnits(value.toFixed(8)) : undefined;
}

function judge(w: Waiting, after: Quote, out: StateOutput): void {
  if (after.units !== w.before.units || overlapped(w.before.ex, w.ex) || overlapped(after.ex, w.ex)) return;
  const exact = w.before.units === null ? 0n : w.balance * w.before.units;
  const rounded = exact / SCALE;
  const priced = w.before.units === null ? `/prices leaves ${w.symbol} out, so 0` : `${formatUnits(w.balance)} × ${formatUnits(w.before.units)} = ${formatUnits(rounded)} rounded down`;
  const requests = [w.before.ex, w.ex, after.ex];
  const diff = w.usd * SCALE - exact;
  out.checked(w.ex, 'agrees');
  if ((diff < 0n ? -diff : diff) > CENT * SCALE) {
    out.fail({ assertion: 'agrees', title: `usd_value ${formatUnits(w.usd)} is not the ${w.symbol} balance's value`, message: `${named(w.ex)}: usd_value ${formatUnits(w.usd)}; ${priced} by ${named(w.before.ex)} and ${named(after.ex)}`, exchange: w.ex, requests });
    return;
  }
  out.checked(w.ex, 'rounded-down');
  if (w.usd !== rounded) out.fail({ assertion: 'rounded-down', title: `usd_value ${formatUnits(w.usd)} ≠ ${formatUnits(rounded)}`, message: `${named(w.ex)}: usd_value ${formatUnits(w.usd)}; ${priced}`, exchange: w.ex, requests });
}

export const usdValueMatchesPrice = defineStateCheck({
  id: 'usd-value-matches-price',
  title: 'usd_value is the balance at the same target\'s price',
  assertions: [
    seed('agrees', ['wallet §2 Balance result.usd_value', 'wallet §4 GET /api/v1/wallets/{id}/balance'], 'usd_value is the balance × the /prices price of its symbol, within a cent'),
    decision('rounded-down', 'wallet.usd-value', 'exactly, rounded down to 8 fraction digits (0 for a symbol /prices leaves out)'),
  ],
  appliesTo: ['wallet'],
  needs: (ctx) => (ctx.wallet.key === undefined ? 'no --wallet-key given' : ctx.facts.wallets.length === 0 ? 'the --wallet-key user has no wallet' : undefined),
  start: () => {
    const last = new Map<string, Quote>();
    let waiting: Waiting[] = [];
    return (ex, _model, out) => {
      if (!accepted(ex)) return;
      if (ex.operationId === 'getWalletBalance') {
        const symbol = topOf(ex, 'symbol');
        const balance = toUnits(topOf(ex, 'balance'));
        const usd = toUnits(topOf(ex, 'usd_value'));
        const before = typeof symbol === 'string' ? last.get(symbol.toUpperCase()) : undefined;
        if (typeof symbol === 'string' && balance !== undefined && usd !== undefined && before) waiting.push({ ex, symbol: symbol.toUpperCase(), balance, usd, before });
        return;
      }
      if (ex.operationId !== 'getWalletPrices') return;
      const prices = obj(topOf(ex, 'prices'));
      const keys = new Map(Object.keys(prices).map((k) => [k.toUpperCase(), k] as const));
      for (const asked of (queryOf(ex).get('symbols') ?? '').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean)) {
        const key = keys.get(asked);
        const units = key === undefined ? null : priceUnits(prices[key]);
        if (units === undefined) continue;
        const quote = { units, ex };
        waiting = waiting.filter((w) => (w.symbol === asked ? (judge(w, quote, out), false) : true));
        last.set(asked, quote);
      }
    };
  },
});
