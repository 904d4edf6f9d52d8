// A scripted client of both interfaces for the proxy tests: every one of the 23 operations at
// least once, with what the demo data holds (keys, wallets, markets, lead traders), as raw HTTP
// (status, headers, body bytes) so that answers can be compared byte for byte.
import { request } from 'undici';
import { operations } from '../../spec/index.js';

export interface RawAnswer {
  label: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Bases {
  trading: string;
  wallet: string;
}

type Seen = Map<string, RawAnswer>;
type Step = { label: string; iface: keyof Bases; method: 'GET' | 'POST'; path: string; key?: string | ((seen: Seen) => string); body?: Record<string, unknown> | ((seen: Seen) => Record<string, unknown>) };

const json = (a: RawAnswer | undefined): any => JSON.parse(a?.body.toString('utf8') ?? '{}');

/** The steps, in order: reads, writes (with what they need from earlier answers), reads of what the writes did. */
export const STEPS: Step[] = [
  { label: 'getPrices', iface: 'trading', method: 'GET', path: '/api/v1/prices' },
  { label: 'getPrice', iface: 'trading', method: 'GET', path: '/api/v1/price/BTC' },
  { label: 'getMarkets', iface: 'trading', method: 'GET', path: '/api/v1/markets' },
  { label: 'getAccount', iface: 'trading', method: 'GET', path: '/api/v1/account', key: 'demo-trade-key' },
  { label: 'getBalances', iface: 'trading', method: 'GET', path: '/api/v1/account/balances', key: 'demo-trade-key' },
  { label: 'placeSpotOrder', iface: 'trading', method: 'POST', path: '/api/v1/spot/order', key: 'demo-trade-key', body: { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000' } },
  { label: 'cancelSpotOrder', iface: 'trading', method: 'POST', path: '/api/v1/spot/cancel', key: 'demo-trade-key', body: (seen) => ({ order_id: json(seen.get('placeSpotOrder')).data.id }) },
  { label: 'placeMarginOrder', iface: 'trading', method: 'POST', path: '/api/v1/margin/order', key: 'demo-trade-key', body: { market: 'ETH', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.01', leverage: 2 } },
  { label: 'placeFuturesOrder', iface: 'trading', method: 'POST', path: '/api/v1/futures/order', key: 'demo-trade-key', body: { market: 'BTC', pair: 'USDT', side: 'short', order_type: 'market', amount: '0.001', leverage: 2, duration_hours: 24 } },
  { label: 'placeBinaryOrder', iface: 'trading', method: 'POST', path: '/api/v1/binary/order', key: 'demo-trade-key', body: { market: 'BTC', pair: 'USDT', direction: 'long', amount: '10', duration_minutes: 5 } },
  { label: 'listOrders', iface: 'trading', method: 'GET', path: '/api/v1/account/orders?limit=10', key: 'demo-trade-key' },
  { label: 'listCopyTraders', iface: 'trading', method: 'GET', path: '/api/v1/copy/traders', key: 'demo-trade-key' },
  { label: 'startCopy', iface: 'trading', method: 'POST', path: '/api/v1/copy/start', key: 'demo-trade-key', body: (seen) => ({ lead_trader_id: json(seen.get('listCopyTraders')).data[0].id, copy_amount: Math.ceil(Number(json(seen.get('listCopyTraders')).data[0].min_copy_amount)) }) },
  { label: 'stopCopy', iface: 'trading', method: 'POST', path: '/api/v1/copy/stop', key: 'demo-trade-key', body: (seen) => ({ lead_trader_id: json(seen.get('listCopyTraders')).data[0].id }) },
  { label: 'getAccount without a key', iface: 'trading', method: 'GET', path: '/api/v1/account' },
  { label: 'listChains', iface: 'wallet', method: 'GET', path: '/api/v1/chains' },
  { label: 'getWalletPrices', iface: 'wallet', method: 'GET', path: '/api/v1/prices?symbols=BTC,ETH' },
  { label: 'register', iface: 'wallet', method: 'POST', path: '/api/v1/register', body: { name: 'Ada Lovelace', email: 'ada@example.test', password: 'correct-horse' } },
  { label: 'login', iface: 'wallet', method: 'POST', path: '/api/v1/login', body: { email: 'ada@example.test', password: 'correct-horse' } },
  { label: 'createWallet', iface: 'wallet', method: 'POST', path: '/api/v1/wallets/create', key: (seen) => json(seen.get('login')).token, body: { chain: 'ethereum' } },
  { label: 'listWallets', iface: 'wallet', method: 'GET', path: '/api/v1/wallets', key: 'demo-wallet-key' },
  { label: 'getWalletBalance', iface: 'wallet', method: 'GET', path: '/api/v1/wallets/1/balance', key: 'demo-wallet-key' },
  { label: 'sendFromWallet', iface: 'wallet', method: 'POST', path: '/api/v1/wallets/1/send', key: 'demo-wallet-key', body: (seen) => ({ to_address: json(seen.get('createWallet')).wallet.address, amount: '0.001', token_id: null }) },
  { label: 'listWalletTransactions', iface: 'wallet', method: 'GET', path: '/api/v1/wallets/1/transactions?limit=10', key: 'demo-wallet-key' },
  { label: 'listWallets without a key', iface: 'wallet', method: 'GET', path: '/api/v1/wallets' },
];

/** Every operation the script reaches (the test holds it to all 23). */
export const SCRIPTED_OPERATIONS = new Set(STEPS.map((s) => s.label.split(' ')[0] as string));
export const ALL_OPERATIONS = [...operations('trading'), ...operations('wallet')].map((o) => o.operationId);

export async function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Omit<RawAnswer, 'label'>> {
  const res = await request(`${base}${path}`, { method: method as 'GET', headers, body });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

/** Runs the script against the bases; the answers in order. */
export async function runScript(bases: Bases): Promise<RawAnswer[]> {
  const seen = new Map<string, RawAnswer>();
  const answers: RawAnswer[] = [];
  for (const step of STEPS) {
    const header = step.iface === 'trading' ? 'API-KEY' : 'X-API-Key';
    const key = typeof step.key === 'function' ? step.key(seen) : step.key;
    const body = typeof step.body === 'function' ? step.body(seen) : step.body;
    const path = step.path;
    const headers: Record<string, string> = { accept: 'application/json', ...(key ? { [header]: key } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
    const answer = { label: step.label, ...(await send(bases[step.iface], step.method, path, headers, body === undefined ? undefined : JSON.stringify(body))) };
    seen.set(step.label, answer);
    answers.push(answer);
  }
  return answers;
}
