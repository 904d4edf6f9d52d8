// Test harness: the shipped fake (createFake, no port) seen from its wallet port, with prices pinned
// to fixed numbers (the real price book walks; tests want exact values), where every call to a
// documented operation asserts that the response validates against the spec.

import { expect } from 'vitest';
import { operations, validateResponse } from '../../../spec/index.js';
import { createFake, type App, type FakeResponse } from '../../../mock/index.js';
import type { BodyError } from '../../../mock/core/index.js';
import type { Clock } from '../../../mock/domain/clock.js';
import { dec } from '../../../mock/domain/decimal.js';
import type { WalletBackend } from '../../../mock/domain/wallet/index.js';

export const DEMO_KEY = 'demo-wallet-key';

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
  readonly clock: Clock;
  readonly model: WalletBackend;
  /** Pins a price in the shared price book from now on. */
  prices: { set(symbol: string, price: string): void };
  app: App;
  /** One request; asserts the response against the spec when the path is a documented operation. */
  call(method: string, path: string, options?: CallOptions): FakeResponse & { body: any };
  /** Registers and logs in a new user; returns its id and token. */
  newUser(email?: string): { id: number; key: string };
  /** Advances the virtual clock by whole seconds (what is due is processed). */
  advance(seconds: number): void;
  /** Back to the seeded state (POST /__doppel/reset), prices pinned again. */
  reset(): void;
}

export interface HarnessOptions {
  seed?: number;
  rateLimit?: number;
  demoData?: boolean;
}

let userCounter = 0;

export function createHarness(options: HarnessOptions = {}): Harness {
  const fake = createFake({
    seed: options.seed ?? 1,
    ...(options.rateLimit !== undefined ? { walletRateLimit: options.rateLimit } : {}),
    ...(options.demoData !== undefined ? { demo: options.demoData } : {}),
  });
  const prices = { set: (symbol: string, price: string) => fake.models.prices.set(symbol, dec(price)) };
  const pinAll = () => {
    for (const [symbol, price] of Object.entries(DEFAULT_PRICES)) prices.set(symbol, price);
  };
  pinAll();
  const app = fake.wallet;

  function call(method: string, path: string, o: CallOptions = {}): FakeResponse & { body: any } {
    const headers: Record<string, string | undefined> = { ...o.headers };
    if (o.key !== undefined) headers['x-api-key'] = o.key;
    // Admin POSTs carry the JSON content type even without a body (mock/admin/admin-guard.ts).
    if (o.body !== undefined || (method === 'POST' && path.startsWith('/__doppel/'))) headers['content-type'] = 'application/json';
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

  return {
    get clock() {
      return fake.clock;
    },
    get model() {
      return fake.models.wallet;
    },
    prices,
    app,
    call,
    newUser,
    advance: (s) => fake.advance(s * 1000),
    reset() {
      fake.reset();
      pinAll();
    },
  };
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
