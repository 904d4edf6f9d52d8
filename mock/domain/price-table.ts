// The seeded price table behind the price book: real symbols, late-2026-ish prices and volumes.
//
// Seed trading §2 (price entry: symbol, name, price_usd, change_24h, volume_24h) and
// docs/MOCK-CONTRACT.md (the symbol list shared with the wallet fake). change_24h is not seeded:
// it follows from the walk (decision trading.price-walk).

export interface PriceSeed {
  symbol: string;
  name: string;
  /** Price in USD, decimal string, at the walk's anchor (24 h before the clock start). */
  price: string;
  /** Typical 24 h volume in USD, decimal string. */
  volume24h: string;
  /**
   * Largest move of one minute step in units of 1e-8 (100_000 = 0.1 %). Decision trading.price-walk
   * caps it at 0.5 % (500_000); the values below give daily swings of a few percent, like the
   * real coins. 0 pins the price (stablecoins).
   */
  maxStep: number;
}

export const PRICE_TABLE: readonly PriceSeed[] = [
  { symbol: 'BTC', name: 'Bitcoin', price: '98450.25', volume24h: '38500000000', maxStep: 80_000 },
  { symbol: 'ETH', name: 'Ethereum', price: '3642.80', volume24h: '19200000000', maxStep: 100_000 },
  { symbol: 'USDT', name: 'Tether', price: '1', volume24h: '72000000000', maxStep: 0 },
  { symbol: 'USDC', name: 'USD Coin', price: '1', volume24h: '8600000000', maxStep: 0 },
  { symbol: 'SOL', name: 'Solana', price: '214.37', volume24h: '4300000000', maxStep: 140_000 },
  { symbol: 'TRX', name: 'TRON', price: '0.27415', volume24h: '910000000', maxStep: 90_000 },
  { symbol: 'BNB', name: 'BNB', price: '718.60', volume24h: '1650000000', maxStep: 90_000 },
  { symbol: 'XRP', name: 'XRP', price: '2.3461', volume24h: '3100000000', maxStep: 130_000 },
  { symbol: 'DOGE', name: 'Dogecoin', price: '0.21374', volume24h: '2400000000', maxStep: 160_000 },
  { symbol: 'LTC', name: 'Litecoin', price: '112.45', volume24h: '640000000', maxStep: 120_000 },
  { symbol: 'POL', name: 'Polygon Ecosystem Token', price: '0.4812', volume24h: '250000000', maxStep: 150_000 },
];
