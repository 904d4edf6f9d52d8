// doppel/vitest: `const doppel = useDoppel()` gives this test file a fake of its own (in process),
// or with `{ shared: true }` this worker's namespace on the doppel mock that
// `doppel/vitest/global-setup` started; it is reset before each test. The journal matchers
// (toHaveReceived, toHaveReceivedTimes, toHaveReceivedNothing) are added to vitest's expect.
import { beforeEach, expect, inject } from 'vitest';
import type { Doppel, InProcessDoppel, SharedDoppel } from './doppel-handle.js';
import { journalMatchers } from './journal-matchers.js';
import type { DoppelMatchers, MatcherReturn } from './matcher-types.js';
import { openDoppel, type InProcessOptions, type ProvidedDoppel, type SharedOptions, type UseDoppelOptions } from './use-doppel.js';

export type { Doppel, InProcessDoppel, SharedDoppel } from './doppel-handle.js';
export type { InProcessOptions, SharedOptions, UseDoppelOptions, ProvidedDoppel } from './use-doppel.js';
export type { DoppelMatchers, OperationId, RequestBodyOf, RequestExpectation, MatcherPattern } from './matcher-types.js';
export type { Duration } from './duration.js';

declare module 'vitest' {
  // The handle of a shared mock reads its journal over HTTP: await its matchers.
  interface Assertion<T = any> extends DoppelMatchers<MatcherReturn<T>> {}
  export interface ProvidedContext {
    doppel: ProvidedDoppel;
  }
}

expect.extend(journalMatchers);

export function useDoppel(options?: InProcessOptions): InProcessDoppel;
export function useDoppel(options: SharedOptions): SharedDoppel;
export function useDoppel(options?: UseDoppelOptions): Doppel {
  const doppel = openDoppel(options, {
    // inject() answers undefined for a key no global setup provided.
    provided: () => inject('doppel') as ProvidedDoppel | undefined,
    namespace: `vitest-${process.env['VITEST_POOL_ID'] ?? '1'}`,
    setupHint: "Add it to vitest.config.ts: test: { globalSetup: ['doppel/vitest/global-setup'] }",
  });
  if (options?.reset !== false) beforeEach(() => doppel.reset());
  return doppel;
}
