// Trading §4: prices `data` is an "object keyed by symbol": each key equals its entry's symbol.
// Wallet §4: prices maps the requested symbols to prices: every key is one of the symbols asked for.
import { defineResponseCheck, seed } from '../check.js';
import { is2xx, bodyOf, queryOf } from '../../exchange/exchange-readers.js';

export const priceMapKeys = defineResponseCheck({
  id: 'price-map-keys',
  title: 'price map keys are the symbols',
  assertions: [seed('keys', ['trading §2 Price entry', 'trading §4 GET /api/v1/prices', 'wallet §4 GET /api/v1/prices'], 'price map keys are the symbols')],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => is2xx(ex.status) && (ex.operationId === 'getPrices' || ex.operationId === 'getWalletPrices'),
  run(ex) {
    const body = bodyOf(ex) ?? {};
    if (ex.operationId === 'getPrices') {
      const data = body['data'];
      if (!data || typeof data !== 'object') return [];
      return Object.entries(data)
        .filter(([key, entry]) => (entry as Record<string, unknown> | null)?.['symbol'] !== key)
        .slice(0, 3)
        .map(([key, entry]) => `key ${key} holds the entry of symbol ${JSON.stringify((entry as Record<string, unknown> | null)?.['symbol'])}`);
    }
    const asked = new Set((queryOf(ex).get('symbols') ?? '').split(',').map((s) => s.trim().toUpperCase()));
    const prices = body['prices'];
    if (!prices || typeof prices !== 'object') return [];
    return Object.keys(prices)
      .filter((key) => !asked.has(key.toUpperCase()))
      .slice(0, 3)
      .map((key) => `key ${key} is not one of the requested symbols ${[...asked].join(',')}`);
  },
});
