// Test harness: a wallet model on a manual clock with stub prices, driven through createApp, where
// every call to a documented operation asserts that the response validates against the spec.

import { expect } from 'vitest';
import { operations, validateResponse } from '../../../spec/index.js';
import { createApp, type App, type BodyError, type FakeResponse } from '../../../mock/core/index.js';
import { createClock, type Clock } from '../../../mock/domain/clock.js';
import { dec, type Dec } from '../../../mock/domain/decimal.js';
import { createWalletModel, walletAdminRoutes, walletRoutes, type PriceSource, type WalletModel } from '../../../mock/api/wallet/index.js';

export const DEMO_KEY = 'demo-wallet-key';

/** A stub PriceSource with settable prices (the real price book walks; tests want fixed numbers). */
export function stubPrices(initial: Record<string, string> = DEFAULT_PRICES): PriceSource & { set(symbol: string, price: string): void } {
  const table = new Map<string, Dec>(Object.entries(initial).map(([s, p]) => [s, dec(p)]));
  return {
    priceOf: (symbol) => table.get(symbol),
    symbols: () => [...table.keys()],
    set: (symbol, price) => void table.set(symbol, dec(price)),
  };
}

export const DEFAULT_PRICES: Record<string, string> = {
  BTC: '67250.5', ETH: '3480.25', TRX: '0.12345678', BNB: '600', SOL: '150.5', POL: '0.5', USDT: '1', USDC: '0.9999',
};

export interface CallOptions {
  key?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  bodyError?: BodyError;
}

export interface Harness {
  clock: Clock;
  model: WalletModel;
  prices: ReturnType<typeof stubPrices>;
  app: App;
  /** One request; asserts the response against the spec when the path is a documented operation. */
  call(method: string, path: string, options?: CallOptions): FakeResponse & { body: any };
  /** Registers and logs in a new user; returns its id and token. */
  newUser(email?: string): { id: number; key: string };
  /** Advances the virtual clock by whole seconds. */
  advance(seconds: number): void;
}

export interface HarnessOptions {
  seed?: number;
  rateLimit?: number;
  demoData?: boolean;
}

let userCounter = 0;

export function createHarness(options: HarnessOptions = {}): Harness {
  const clock = createClock();
  const prices = stubPrices();
  const model = createWalletModel({
    seed: options.seed ?? 1,
    clock,
    prices,
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    ...(options.demoData !== undefined ? { demoData: options.demoData } : {}),
  });
  const app = createApp({ routes: [...walletRoutes(model), ...walletAdminRoutes(model)], now: clock.now });

  function call(method: string, path: string, o: CallOptions = {}): FakeResponse & { body: any } {
    const headers: Record<string, string | undefined> = { ...o.headers };
    if (o.key !== undefined) headers['x-api-key'] = o.key;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const response = app.handle({
      method,
      path,
      query: new URLSearchParams(o.query ?? {}),
      headers,
      body: o.body,
      ...(o.bodyError !== undefined ? { bodyError: o.bodyError } : {}),
      ip: '127.0.0.1',
    });
    assertSpecTrue(method, path, response);
    return response;
  }

  function newUser(email = `user${++userCounter}@example.com`): { id: number; key: string } {
    const reg = call('POST', '/api/v1/register', { body: { name: 'Test User', email, password: 'pw-123456' } });
    expect(reg.status).toBe(200);
    const login = call('POST', '/api/v1/login', { body: { email, password: 'pw-123456' } });
    expect(login.status).toBe(200);
    return { id: reg.body.user_id, key: login.body.token };
  }

  return { clock, model, prices, app, call, newUser, advance: (s) => clock.advance(s * 1000) };
}

const documented = operations('wallet').map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** Documented status, body valid against its schema, documented headers present (Retry-After on 429). */
export function assertSpecTrue(method: string, path: string, response: Pick<FakeResponse, 'status' | 'headers' | 'body'>): void {
  const found = documented.find((d) => d.op.method === method && d.pattern.test(path));
  if (found === undefined) {
    // Admin routes and unknown paths are outside the document; they still use the envelopes.
    expect(typeof (response.body as { success?: unknown }).success).toBe('boolean');
    return;
  }
  const result = validateResponse('wallet', found.op.operationId, response.status, response.body);
  expect(result.errors, `${method} ${path} → ${response.status} ${JSON.stringify(response.body)}`).toEqual([]);
  expect(result.ok).toBe(true);
  for (const header of found.op.responseHeaders[String(response.status)] ?? []) {
    expect(response.headers[header], `${header} on ${response.status}`).toBeDefined();
  }
}
