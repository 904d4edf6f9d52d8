// The shipped fake (createFake, no port) seen from its trading port, with a client that asserts that
// every response of a documented operation validates against spec/trading.openapi.yaml.

import { expect } from 'vitest';
import { createFake, type App, type FakeRequest } from '../../../mock/index.js';
import type { Clock } from '../../../mock/domain/clock.js';
import { dec, formatDec8, type Dec } from '../../../mock/domain/decimal.js';
import type { PriceBook } from '../../../mock/domain/price-book.js';
import type { TradingBackend } from '../../../mock/domain/trading/index.js';
import { operations, validateResponse, validatorAt } from '../../../spec/index.js';

export interface CallOptions {
  key?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  body: any;
  operationId: string | null;
}

export interface TestFake {
  app: App;
  readonly clock: Clock;
  readonly prices: PriceBook;
  readonly backend: TradingBackend;
  /** Back to the seeded state (POST /__doppel/reset). */
  reset(): void;
  call(method: string, target: string, options?: CallOptions): CallResult;
  get(target: string, key?: string, ip?: string): CallResult;
  post(target: string, body: unknown, key?: string, ip?: string): CallResult;
  /** GET that must answer 200; returns data. */
  data(target: string, key?: string): any;
  advance(seconds: number): void;
  setPrice(symbol: string, price: string): void;
  /** Creates an account with a fresh key through the admin API. */
  newKey(options?: { permissions?: string[]; ip_whitelist?: string[]; balances?: Array<{ currency: string; chain?: string; balance: string }> }): string;
}

const TEMPLATES = operations('trading').map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

function operationFor(method: string, path: string): string | null {
  return TEMPLATES.find((t) => t.op.method === method && t.pattern.test(path))?.op.operationId ?? null;
}

const errorSchema = validatorAt('trading', '#/components/schemas/Error');

export function createTestFake(seed = 42): TestFake {
  const shipped = createFake({ seed });
  const app = shipped.trading;

  function call(method: string, target: string, options: CallOptions = {}): CallResult {
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    const headers: Record<string, string | undefined> = { ...options.headers };
    if (options.key !== undefined) headers['api-key'] = options.key;
    // Admin POSTs carry the JSON content type even without a body (mock/admin/admin-guard.ts).
    if (options.body !== undefined || (method === 'POST' && path.startsWith('/__doppel/'))) headers['content-type'] = 'application/json';
    const req: FakeRequest = {
      method,
      path,
      query: new URLSearchParams(q === -1 ? '' : target.slice(q + 1)),
      headers,
      body: options.body === undefined ? undefined : JSON.parse(JSON.stringify(options.body)),
      ip: options.ip ?? '127.0.0.1',
    };
    const res = app.handle(req);
    // What an adapter would send: the body must survive JSON.
    const body = JSON.parse(JSON.stringify(res.body));
    const operationId = operationFor(method, path);
    if (operationId !== null) {
      const check = validateResponse('trading', operationId, res.status, body);
      expect(check.errors, `${method} ${target} → ${res.status} ${JSON.stringify(body)}`).toEqual([]);
    } else if (res.status >= 400) {
      expect(errorSchema(body), `${method} ${target} error envelope`).toBe(true);
    } else {
      expect(body.success, `${method} ${target}`).toBe(true);
    }
    return { status: res.status, body, operationId };
  }

  const fake: TestFake = {
    app,
    get clock() {
      return shipped.clock;
    },
    get prices() {
      return shipped.models.prices;
    },
    get backend() {
      return shipped.models.trading;
    },
    reset: () => shipped.reset(),
    call,
    get: (target, key, ip) => call('GET', target, { ...(key === undefined ? {} : { key }), ...(ip === undefined ? {} : { ip }) }),
    post: (target, body, key, ip) => call('POST', target, { body, ...(key === undefined ? {} : { key }), ...(ip === undefined ? {} : { ip }) }),
    data(target, key) {
      const res = fake.get(target, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    },
    advance(seconds) {
      shipped.advance(seconds * 1000);
    },
    setPrice(symbol, price) {
      const res = fake.post(`/__doppel/prices/${symbol}`, { price_usd: price });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    newKey(options = {}) {
      const res = fake.post('/__doppel/keys', { permissions: ['read', 'trade'], ...options });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.key as string;
    },
  };
  return fake;
}

export const TRADE = 'demo-trade-key';
export const READ = 'demo-read-key';
export const IP_LOCKED = 'demo-ip-locked-key';

/** Balance entry of a currency on a chain as bigints; zero when absent. */
export function balanceOf(fake: TestFake, key: string, currency: string, chain?: string): { available: Dec; locked: Dec } {
  const rows: any[] = fake.data('/api/v1/account/balances', key);
  const row = rows.find((r) => r.currency === currency && (chain === undefined || r.chain === chain));
  return row === undefined ? { available: 0n, locked: 0n } : { available: dec(row.balance), locked: dec(row.locked) };
}

export { dec, formatDec8 };
