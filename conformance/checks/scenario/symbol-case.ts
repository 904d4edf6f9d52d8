// Symbols are matched case-insensitively (decision trading.symbol-case), or only upper-case when
// the --profile says `upper-case-only`; --learn writes which. Read-only: the price of a listed
// symbol spelled lower-case, next to the same symbol as listed. The observer knows the symbols a
// stream listed (the prices map, a single price answered) and reads any lower-case spelling of one.
import { defineScenarioCheck, decision } from '../check.js';
import { has } from '../../act/context.js';
import { BoundedMap } from '../bounded-map.js';
import { obj } from '../../exchange/json-shape.js';

const POINT = 'trading.symbol-case';
/** 200: matched; 404 (or 400): unknown for its case. Anything else is the status checks' to judge. */
const SEEN: Readonly<Record<number, string>> = { 200: 'case-insensitive', 404: 'upper-case-only', 400: 'upper-case-only' };

/** The symbol of a GET /price/{symbol} (decoded), or undefined. */
function pathSymbol(url: string): string | undefined {
  const last = new URL(url).pathname.split('/').pop();
  try {
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

export const symbolCase = defineScenarioCheck({
  id: 'symbol-case',
  title: 'a lower-case symbol is matched (or unknown, by the profile)',
  assertions: [decision('case', POINT, '', 'trading §4 GET /api/v1/price/{symbol}')],
  observes: [POINT],
  appliesTo: ['trading'],
  skip: (ctx) => (has(ctx, 'trading') ? undefined : 'no trading target'),
  observer: {
    shows: { [POINT]: 'a price asked for in lower case, of a symbol the traffic listed in upper case' },
    start() {
      const listed = new BoundedMap<string, true>(10_000);
      return (ex, found) => {
        if (ex.operationId === 'getPrices' && ex.status === 200) {
          for (const s of Object.keys(obj(obj(ex.json)['data']))) if (s === s.toUpperCase()) listed.set(s, true);
          return;
        }
        const symbol = ex.operationId === 'getPrice' ? pathSymbol(ex.url) : undefined;
        if (symbol === undefined) return;
        if (symbol === symbol.toUpperCase()) {
          if (ex.status === 200) listed.set(symbol, true);
          return;
        }
        const seen = SEEN[ex.status];
        if (seen === undefined || !listed.has(symbol.toUpperCase())) return;
        found({
          point: POINT,
          evidence: [ex],
          value: seen,
          describe: (expected) => ({ title: `GET /price/${symbol} → ${ex.status}: ${seen}, expected ${expected}`, message: `${symbol.toUpperCase()} is listed and GET /price/${symbol} answered ${ex.status}: symbols are ${seen}, expected ${expected}` }),
        });
      };
    },
  },
  async run(ctx, out) {
    const symbol = Object.keys(ctx.facts.prices).find((s) => s === s.toUpperCase() && s !== s.toLowerCase());
    if (symbol === undefined) return out.notExercised('the prices list no upper-case symbol to spell lower-case');
    const upper = await ctx.call('getPrice', { params: { symbol } });
    if (upper.status !== 200) return out.notExercised(`GET /price/${symbol} answered ${upper.status}, so a lower-case spelling shows nothing`);
    const lower = await ctx.call('getPrice', { params: { symbol: symbol.toLowerCase() } });
    out.notExercised(`GET /price/${symbol.toLowerCase()} answered ${lower.status}`);
  },
});
