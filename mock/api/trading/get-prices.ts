// GET /api/v1/prices: the whole price table keyed by symbol (seed trading §2, price entry).

import type { PriceBook, PriceEntryData } from '../../domain/price-book.js';
import { defineOperation } from '../define-operation.js';
import { presentPrice } from './present.js';

type PriceTable = Record<string, ReturnType<typeof presentPrice>>;

/**
 * The last table answered per price book, and the entries it was made of. The book answers the
 * same frozen entry objects for as long as a minute's prices hold (mock/domain/price-book.ts), so
 * while they are the same objects the table is the same, frozen too: the pipeline then serializes
 * it once (recomputing and formatting every price per request was most of the route's cost).
 */
const lastTables = new WeakMap<PriceBook, { entries: PriceEntryData[]; table: PriceTable }>();

export const getPrices = defineOperation('trading', 'getPrices', ({ backend }) => {
  const book = backend.prices;
  const entries = book.symbols().map((symbol) => book.entry(symbol) as PriceEntryData);
  const last = lastTables.get(book);
  if (last !== undefined && last.entries.length === entries.length && last.entries.every((e, i) => e === entries[i])) return last.table;
  const table: PriceTable = {};
  for (const entry of entries) table[entry.symbol] = Object.freeze(presentPrice(entry));
  lastTables.set(book, { entries, table: Object.freeze(table) });
  return table;
});
