// A client that doppel did not write: openapi-fetch over the types that openapi-typescript
// generates from spec/*.openapi.yaml during the test (./trading.ts and ./wallet.ts, beside a copy
// of this file in a temp dir; test/clients/openapi-fetch-client.test.ts). It calls all 23
// operations of both interfaces against a doppel mock and prints each answer as JSON, for the test
// to validate against the spec. Compiled with strict TypeScript on its own (the repository's
// tsconfig leaves this folder out: its imports exist only in the temp dir): each field is used with
// the type this code expects, so a type that changes in the spec fails the compile, and so does
// a response typed `unknown`.
import createClient from 'openapi-fetch';
import type { paths as TradingPaths } from './trading.js';
import type { paths as WalletPaths } from './wallet.js';

interface Answer {
  operationId: string;
  status: number;
  body: unknown;
}
const answers: Answer[] = [];

/** A response whose data is `unknown` (or `any`) does not compile: then it must carry `untyped`. */
type Typed<R> = R extends { data?: infer D } ? (unknown extends D ? { untyped: D } : R) : R;

/** The typed data of a successful answer; records every answer. */
function ok<R extends { data?: unknown; error?: unknown; response: Response }>(operationId: string, result: R & Typed<R>): NonNullable<R['data']> {
  answers.push({ operationId, status: result.response.status, body: result.data ?? result.error });
  if (result.data === undefined) throw new Error(`${operationId} answered ${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data as NonNullable<R['data']>;
}

const trading = createClient<TradingPaths>({ baseUrl: process.env['DOPPEL_TRADING_URL'] ?? '', headers: { 'API-KEY': 'demo-trade-key' } });
const wallet = createClient<WalletPaths>({ baseUrl: process.env['DOPPEL_WALLET_URL'] ?? '', headers: { 'X-API-Key': 'demo-wallet-key' } });

// Trading (seed trading §4), with the demo account's key: read and trade.
const prices = ok('getPrices', await trading.GET('/api/v1/prices'));
const btc = ok('getPrice', await trading.GET('/api/v1/price/{symbol}', { params: { path: { symbol: 'BTC' } } }));
const btcUsd: number = btc.data.price_usd;
const markets = ok('getMarkets', await trading.GET('/api/v1/markets'));
const btcMarket = markets.data.find((m) => m.market === 'BTC' && m.pair === 'USDT');
const maxLeverage: number = btcMarket?.max_leverage ?? 1;
const account = ok('getAccount', await trading.GET('/api/v1/account'));
const permissions: ('read' | 'trade')[] = account.data.permissions;
const balances = ok('getBalances', await trading.GET('/api/v1/account/balances'));
const usdt: string | undefined = balances.data.find((b) => b.currency === 'USDT' && b.chain === 'tron')?.balance;

// A limit order far below the market stays open, so it can be cancelled.
const limitPrice = (btcUsd / 2).toFixed(2);
const placed = ok('placeSpotOrder', await trading.POST('/api/v1/spot/order', { body: { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: limitPrice } }));
const orderId: number = placed.data.id;
const amount: string = placed.data.amount;
const cancelled = ok('cancelSpotOrder', await trading.POST('/api/v1/spot/cancel', { body: { order_id: orderId } }));
const cancelledStatus: 'open' | 'filled' | 'cancelled' | 'settled' = cancelled.data.status;
const margin = ok('placeMarginOrder', await trading.POST('/api/v1/margin/order', { body: { market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.001', leverage: Math.min(2, maxLeverage) } }));
const futures = ok('placeFuturesOrder', await trading.POST('/api/v1/futures/order', { body: { market: 'BTC', pair: 'USDT', side: 'short', order_type: 'market', amount: '0.001', leverage: 1, duration_hours: 24 } }));
const binary = ok('placeBinaryOrder', await trading.POST('/api/v1/binary/order', { body: { market: 'BTC', pair: 'USDT', direction: 'long', amount: '10', duration_minutes: 5 } }));
const expiresAt: string | null = binary.data.expires_at;
const orders = ok('listOrders', await trading.GET('/api/v1/account/orders', { params: { query: { limit: 100 } } }));
const orderIds: number[] = orders.data.map((o) => o.id);
const traders = ok('listCopyTraders', await trading.GET('/api/v1/copy/traders'));
const lead = traders.data[0];
if (lead === undefined) throw new Error('no lead trader in the demo data');
const started = ok('startCopy', await trading.POST('/api/v1/copy/start', { body: { lead_trader_id: lead.id, copy_amount: Number(lead.min_copy_amount) } }));
const copyStatus: 'active' | 'stopped' = started.data.status;
const stopped = ok('stopCopy', await trading.POST('/api/v1/copy/stop', { body: { lead_trader_id: lead.id } }));
const refunded: string | null = stopped.data.refunded;

// Wallet (seed wallet §4), with the demo wallet key.
const email = `client-${Date.now()}@example.com`;
const registered = ok('register', await wallet.POST('/api/v1/register', { body: { name: 'A Client', email, password: 'correct-horse-battery' } }));
const userId: number = registered.user_id;
const login = ok('login', await wallet.POST('/api/v1/login', { body: { email, password: 'correct-horse-battery' } }));
const token: string = login.token;
const chains = ok('listChains', await wallet.GET('/api/v1/chains'));
const slugs: string[] = chains.chains.map((c) => c.slug);
const created = ok('createWallet', await wallet.POST('/api/v1/wallets/create', { body: { chain: 'ethereum' } }));
const address: string = created.wallet.address;
const wallets = ok('listWallets', await wallet.GET('/api/v1/wallets'));
const funded = wallets.wallets.find((w) => w.chain === 'ethereum' && Number(w.balance) > 0 && w.id !== created.wallet.id);
if (funded === undefined) throw new Error('no funded ethereum wallet in the demo data');
const balance = ok('getWalletBalance', await wallet.GET('/api/v1/wallets/{id}/balance', { params: { path: { id: funded.id } } }));
const usdValue: string = balance.usd_value;
const sent = ok('sendFromWallet', await wallet.POST('/api/v1/wallets/{id}/send', { params: { path: { id: funded.id } }, body: { to_address: address, amount: '0.01' } }));
const txHash: string = sent.tx_hash;
const transactions = ok('listWalletTransactions', await wallet.GET('/api/v1/wallets/{id}/transactions', { params: { path: { id: funded.id } } }));
const txStatus: ('pending' | 'confirmed' | 'failed')[] = transactions.transactions.map((t) => t.status);
const walletPrices = ok('getWalletPrices', await wallet.GET('/api/v1/prices', { params: { query: { symbols: 'BTC,ETH' } } }));
const ethUsd: number | undefined = walletPrices.prices['ETH'];

// What the fields above were read as: the test checks a few, and that they are what the answers hold.
const read = { btcUsd, maxLeverage, permissions, usdt, orderId, amount, cancelledStatus, margin: margin.data.side, futures: futures.data.duration_hours, expiresAt, orderIds, copyStatus, refunded, userId, token: token.length > 0, slugs, address, usdValue, txHash, txStatus, ethUsd, prices: Object.keys(prices.data).length };
console.log(JSON.stringify({ answers, read }));
