// Facts about the target read once before the checks (GETs only): markets, prices, lead traders,
// chains and the wallet key's wallets. Checks build valid requests from them.
import { arr, num, obj } from '../exchange/json-shape.js';
import { requestFor } from '../exchange/operation-request.js';
import type { Client } from '../exchange/transport.js';

export interface MarketFact {
  market: string;
  pair: string;
  minAmount: string | undefined;
  maxLeverage: number | undefined;
  amountPrecision: number | undefined;
  pricePrecision: number | undefined;
}

export interface TraderFact {
  id: number;
  minCopyAmount: number;
}

export interface WalletFact {
  id: number;
  chain: string;
  address: string;
  symbol: string;
  balance: string;
  /** The tokens the wallet lists with their balances (decision wallet.tokens: a token_id to send). */
  tokens: { tokenId: number; balance: string }[];
}

export interface Facts {
  symbols: string[];
  prices: Record<string, number>;
  markets: MarketFact[];
  traders: TraderFact[];
  chains: string[];
  wallets: WalletFact[];
}

export async function discoverFacts(
  client: Client,
  opts: { trading: boolean; wallet: boolean; tradingKey: string | undefined; walletKey: string | undefined },
): Promise<Facts> {
  const facts: Facts = { symbols: [], prices: {}, markets: [], traders: [], chains: [], wallets: [] };
  if (opts.trading) {
    const prices = await client.send(requestFor('getPrices'));
    for (const [symbol, entry] of Object.entries(obj(obj(prices.json)['data']))) {
      facts.symbols.push(symbol);
      const p = num(obj(entry)['price_usd']);
      if (p !== undefined) facts.prices[symbol] = p;
    }
    const markets = await client.send(requestFor('getMarkets'));
    for (const raw of arr(obj(markets.json)['data'])) {
      const m = obj(raw);
      if (typeof m['market'] !== 'string' || typeof m['pair'] !== 'string') continue;
      facts.markets.push({
        market: m['market'],
        pair: m['pair'],
        minAmount: typeof m['min_amount'] === 'string' ? m['min_amount'] : undefined,
        maxLeverage: num(m['max_leverage']),
        amountPrecision: num(m['amount_precision']),
        pricePrecision: num(m['price_precision']),
      });
    }
    if (opts.tradingKey !== undefined) {
      const traders = await client.send(requestFor('listCopyTraders', { key: opts.tradingKey }));
      for (const raw of arr(obj(traders.json)['data'])) {
        const t = obj(raw);
        const id = num(t['id']);
        if (id !== undefined) facts.traders.push({ id, minCopyAmount: num(t['min_copy_amount']) ?? 10 });
      }
    }
  }
  if (opts.wallet) {
    const chains = await client.send(requestFor('listChains'));
    for (const raw of arr(obj(chains.json)['chains'])) {
      const slug = obj(raw)['slug'];
      if (typeof slug === 'string') facts.chains.push(slug);
    }
    if (opts.walletKey !== undefined) {
      const wallets = await client.send(requestFor('listWallets', { key: opts.walletKey }));
      facts.wallets = walletsOf(wallets.json);
    }
  }
  return facts;
}

export function walletsOf(json: unknown): WalletFact[] {
  const out: WalletFact[] = [];
  for (const raw of arr(obj(json)['wallets'])) {
    const w = obj(raw);
    const id = num(w['id']);
    if (id === undefined || typeof w['chain'] !== 'string') continue;
    const tokens = arr(w['tokens'])
      .map(obj)
      .flatMap((t) => (Number.isSafeInteger(t['token_id']) ? [{ tokenId: t['token_id'] as number, balance: String(t['balance'] ?? '0') }] : []));
    out.push({ id, chain: w['chain'], address: String(w['address'] ?? ''), symbol: String(w['symbol'] ?? ''), balance: String(w['balance'] ?? '0'), tokens });
  }
  return out;
}
