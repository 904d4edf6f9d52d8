// doppel/jest: useDoppel and the journal matchers for jest (the same implementation as
// doppel/vitest, handed to jest's expect.extend). Shared mode: `globalSetup: 'doppel/jest/global-setup'`
// and `globalTeardown: 'doppel/jest/global-teardown'` in the jest config; each jest worker is a namespace.
import { beforeEach, expect } from '@jest/globals';
import type { Doppel, InProcessDoppel, SharedDoppel } from './doppel-handle.js';
import { journalMatchers } from './journal-matchers.js';
import type { DoppelMatchers, MatcherReturn } from './matcher-types.js';
import { DOPPEL_URLS_ENV, openDoppel, type InProcessOptions, type ProvidedDoppel, type SharedOptions, type UseDoppelOptions } from './use-doppel.js';

export type { Doppel, InProcessDoppel, SharedDoppel } from './doppel-handle.js';
export type { InProcessOptions, SharedOptions, UseDoppelOptions } from './use-doppel.js';
export type { DoppelMatchers, OperationId, RequestBodyOf, RequestExpectation, MatcherPattern } from './matcher-types.js';

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends DoppelMatchers<MatcherReturn<T>> {}
}

expect.extend(journalMatchers as never);

export function useDoppel(options?: InProcessOptions): InProcessDoppel;
export function useDoppel(options: SharedOptions): SharedDoppel;
export function useDoppel(options?: UseDoppelOptions): Doppel {
  const doppel = openDoppel(options, {
    provided: () => {
      const urls = process.env[DOPPEL_URLS_ENV];
      return urls === undefined ? undefined : (JSON.parse(urls) as ProvidedDoppel);
    },
    namespace: `jest-${process.env['JEST_WORKER_ID'] ?? '1'}`,
    setupHint: "Add it to the jest config: globalSetup: 'doppel/jest/global-setup', globalTeardown: 'doppel/jest/global-teardown'",
  });
  if (options?.reset !== false) beforeEach(() => doppel.reset());
  return doppel;
}
