// doppel/playwright: `import { test, expect } from 'doppel/playwright'`. The `doppel` fixture is
// this test's own namespace on a doppel mock (one per worker, started on free loopback ports, or
// the one at the `doppelUrls` option), and every request a page of the test's context makes to the
// interfaces' base URLs (the `doppelRoutes` option; default the mock's own URLs) is answered from
// that namespace:
// the route fetches it from the mock with X-Doppel-Namespace added. So the app under test keeps its
// real base URLs, and parallel tests never see each other's orders, clock or journal.
import { expect as baseExpect, test as base, type ExpectMatcherState, type MatcherReturnType } from '@playwright/test';
import type { StartMockOptions } from '../mock/index.js';
import type { SharedDoppel } from './doppel-handle.js';
import { jsonEquals } from './json-equals.js';
import { journalMatchers, type MatcherState } from './journal-matchers.js';
import type { AsymmetricLike, MatcherPattern, OperationExpectation, OperationId, RequestExpectation } from './matcher-types.js';
import { sharedDoppel } from './shared-doppel.js';
import { startSharedMock } from './start-shared-mock.js';
import type { ProvidedDoppel } from './use-doppel.js';

export type { SharedDoppel } from './doppel-handle.js';
export type { OperationId, RequestExpectation } from './matcher-types.js';

type Interfaces<T> = { trading: T; wallet: T };

export interface DoppelTestOptions {
  /** The base URLs the page calls for each interface; default the mock's own URLs. */
  doppelRoutes: Partial<Interfaces<string>> | undefined;
}

export interface DoppelWorkerOptions {
  /** A doppel mock already running (`doppel mock`, or Playwright's webServer): its URLs and admin token. */
  doppelUrls: ProvidedDoppel | undefined;
  /** Options of the mock each worker starts otherwise (seed, profile, fixtures, …). */
  doppelMock: StartMockOptions;
}

let tests = 0;

export const test = base.extend<DoppelTestOptions & { doppel: SharedDoppel }, DoppelWorkerOptions & { doppelServer: ProvidedDoppel }>({
  doppelUrls: [undefined, { option: true, scope: 'worker' }],
  doppelMock: [{}, { option: true, scope: 'worker' }],
  doppelServer: [
    async ({ doppelUrls, doppelMock }, use) => {
      if (doppelUrls !== undefined) return use(doppelUrls);
      const { mock, provided } = await startSharedMock(doppelMock);
      await use(provided);
      await mock.close();
    },
    { scope: 'worker' },
  ],
  doppelRoutes: [undefined, { option: true }],
  doppel: async ({ doppelServer }, use) => {
    // Unique on a mock that several Playwright runs share: the worker's pid and a counter.
    const doppel = sharedDoppel({ urls: doppelServer, namespace: `pw-${process.pid}-${++tests}`, ...(doppelServer.adminToken ? { adminToken: doppelServer.adminToken } : {}) });
    // Creates the namespace now: a refusal (409 over --max-namespaces) fails here, in one line.
    await doppel.reset();
    await use(doppel);
    await doppel.drop();
  },
  // The routes are the context's, installed before any page of the test exists (a beforeEach
  // that opens the page runs before fixtures only the test body names).
  context: async ({ context, doppel, doppelServer, doppelRoutes }, use) => {
    for (const iface of ['trading', 'wallet'] as const) {
      const from = (doppelRoutes?.[iface] ?? doppelServer[iface]).replace(/\/+$/, '');
      await context.route((url) => url.href === from || url.href.startsWith(`${from}/`), async (route) => {
        const request = route.request();
        const headers = { ...(await request.allHeaders()), ...doppel.headers };
        const response = await route.fetch({ url: doppelServer[iface] + request.url().slice(from.length), headers });
        await route.fulfill({ response });
      });
    }
    await use(context);
  },
});

type ReceivedArgs = { [Op in OperationId]: [operationId: Op, expected?: OperationExpectation<Op>] }[OperationId] | [pattern: MatcherPattern, expected?: RequestExpectation];
type TimesArgs = { [Op in OperationId]: [operationId: Op, times: number, expected?: OperationExpectation<Op>] }[OperationId] | [pattern: MatcherPattern, times: number, expected?: RequestExpectation];

/**
 * Playwright types its asymmetric matchers as Record<string, any>, which a typed body cannot tell
 * from a wrong object; this expect's return what they are (first of the overloads).
 */
interface TypedAsymmetricMatchers {
  any(sample: unknown): AsymmetricLike;
  anything(): AsymmetricLike;
  arrayContaining(sample: readonly unknown[]): AsymmetricLike;
  closeTo(sample: number, precision?: number): AsymmetricLike;
  objectContaining(sample: Record<string, unknown>): AsymmetricLike;
  stringContaining(sample: string): AsymmetricLike;
  stringMatching(sample: string | RegExp): AsymmetricLike;
  not: Omit<TypedAsymmetricMatchers, 'any' | 'anything' | 'not'>;
}

type PlaywrightMatchers = {
  toHaveReceived(this: ExpectMatcherState, doppel: SharedDoppel, ...args: ReceivedArgs): Promise<MatcherReturnType>;
  toHaveReceivedTimes(this: ExpectMatcherState, doppel: SharedDoppel, ...args: TimesArgs): Promise<MatcherReturnType>;
  toHaveReceivedNothing(this: ExpectMatcherState, doppel: SharedDoppel): Promise<MatcherReturnType>;
};

// Playwright's matchers get no this.equals: the journal's values are JSON, compared with jsonEquals.
const matchers = Object.fromEntries(
  Object.entries(journalMatchers).map(([name, matcher]) => [
    name,
    async function (this: ExpectMatcherState, ...args: unknown[]) {
      return (matcher as (this: MatcherState, ...rest: unknown[]) => Promise<MatcherReturnType>).apply({ ...this, equals: jsonEquals } as MatcherState, args);
    },
  ]),
) as unknown as PlaywrightMatchers;

export const expect = baseExpect.extend(matchers) as TypedAsymmetricMatchers & ReturnType<typeof baseExpect.extend<PlaywrightMatchers>>;
