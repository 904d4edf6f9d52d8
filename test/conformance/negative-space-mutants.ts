// Breakages of the rules that refuse something: each accepts one request the documents say must be
// refused (a key in the other interface's header, the other interface's key, a login token refused
// for writes, another user's wallets listed, an IP whitelist ignored) and names the assertion that
// must catch it and the clause that assertion cites.
import { editJson, pathOf, type Breakage } from './broken-proxy.js';

export interface NegativeMutant {
  name: string;
  /** The interface the broken layer stands in front of (the other one is the fake as it is). */
  iface: 'trading' | 'wallet';
  /** `<check>/<assertion>`. */
  killedBy: string;
  /** The assertion's source: the clause it cites. */
  cites: string;
  /** Whether the killing assertion is a decision (then the run needs --strict to fail). */
  strict: boolean;
  /** Checks the run needs besides the negative-space ones (one that places an order). */
  checks?: string[];
  /** Whether the run needs both interfaces (a key of the other one); else only the broken one is checked. */
  both?: boolean;
  breakage: () => Breakage;
}

const header = (name: string) => (headers: Record<string, string>): string | undefined => headers[name];
const apiKey = header('api-key');
const xApiKey = header('x-api-key');

export const NEGATIVE_MUTANTS: NegativeMutant[] = [
  {
    name: 'trading reads the key from X-API-Key too',
    iface: 'trading',
    killedBy: 'trading-auth-401/wrong-header',
    cites: 'seed trading §5.1',
    strict: false,
    breakage: () => ({
      request: (req) => (apiKey(req.headers) === undefined && xApiKey(req.headers) !== undefined ? { ...req, headers: { ...req.headers, 'api-key': xApiKey(req.headers) as string } } : req),
    }),
  },
  {
    name: 'wallet reads the key from API-KEY too',
    iface: 'wallet',
    killedBy: 'wallet-auth-required/wrong-header',
    cites: 'seed wallet §5.1',
    strict: false,
    breakage: () => ({
      request: (req) => (xApiKey(req.headers) === undefined && apiKey(req.headers) !== undefined ? { ...req, headers: { ...req.headers, 'x-api-key': apiKey(req.headers) as string } } : req),
    }),
  },
  {
    name: 'trading accepts a wallet key',
    both: true,
    iface: 'trading',
    killedBy: 'trading-auth-401/other-key',
    cites: 'seed trading §5.6',
    strict: false,
    breakage: () => ({ request: (req) => (apiKey(req.headers) === 'demo-wallet-key' ? { ...req, headers: { ...req.headers, 'api-key': 'demo-trade-key' } } : req) }),
  },
  {
    name: 'wallet accepts a trading key',
    both: true,
    iface: 'wallet',
    killedBy: 'wallet-auth-required/other-key',
    cites: 'seed wallet §5.2',
    strict: false,
    breakage: () => ({ request: (req) => (xApiKey(req.headers) === 'demo-trade-key' ? { ...req, headers: { ...req.headers, 'x-api-key': 'demo-wallet-key' } } : req) }),
  },
  {
    name: 'a login token reads but every write with it is 401',
    iface: 'wallet',
    killedBy: 'login-token-works/every-operation',
    cites: 'seed wallet §4 bullet 1',
    strict: false,
    breakage: () => {
      const tokens = new Set<string>();
      return {
        response: (req, res) => {
          if (pathOf(req) === '/api/v1/login' && res.status === 200) editJson(res, (b) => void tokens.add(b.token));
          const key = xApiKey(req.headers);
          return req.method === 'POST' && key !== undefined && tokens.has(key) ? { status: 401, headers: { 'content-type': 'application/json' }, body: '{"success":false,"error":"invalid X-API-Key"}' } : res;
        },
      };
    },
  },
  {
    name: "another user's wallet listing holds the demo user's wallets",
    iface: 'wallet',
    killedBy: 'wallet-isolation/listing',
    cites: 'seed wallet §4 GET /api/v1/wallets',
    strict: false,
    breakage: () => {
      let demo: unknown[] = [];
      return {
        response: (req, res) => {
          if (req.method !== 'GET' || pathOf(req) !== '/api/v1/wallets' || res.status !== 200) return res;
          if (xApiKey(req.headers) === 'demo-wallet-key') {
            editJson(res, (b) => void (demo = b.wallets));
            return res;
          }
          return editJson(res, (b) => void (b.wallets = [...b.wallets, ...demo]));
        },
      };
    },
  },
  {
    name: 'the IP whitelist is ignored',
    iface: 'trading',
    killedBy: 'ip-locked-403/403',
    cites: 'seed trading §5.6',
    strict: false,
    breakage: () => ({ request: (req) => (apiKey(req.headers) === 'demo-ip-locked-key' ? { ...req, headers: { ...req.headers, 'api-key': 'demo-trade-key' } } : req) }),
  },
  {
    name: 'wallet answers a key in API-KEY instead of X-API-Key with 400',
    iface: 'wallet',
    killedBy: 'wallet-auth-401/401',
    cites: 'decision:wallet.status-codes',
    strict: true,
    breakage: () => ({
      response: (req, res) => (xApiKey(req.headers) === undefined && apiKey(req.headers) !== undefined && res.status === 401 ? { ...res, status: 400 } : res),
    }),
  },
];
