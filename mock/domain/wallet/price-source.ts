// PriceSource: what the wallet fake needs of the shared price book (docs/MOCK-CONTRACT.md).

import type { Dec } from '../decimal.js';

export interface PriceSource {
  /** Current USD price of a symbol (upper-case), exact; undefined when the book has none. */
  priceOf(symbol: string): Dec | undefined;
  symbols(): string[];
}
