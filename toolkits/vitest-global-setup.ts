// doppel/vitest/global-setup: starts one doppel mock for the whole vitest run (free loopback
// ports, manual clock) and hands its URLs to the workers, where useDoppel({ shared: true }) gives
// each worker a namespace on it. In vitest.config.ts: test: { globalSetup: ['doppel/vitest/global-setup'] }.
// With options, a file of your own: export default doppelGlobalSetup({ seed: 7 }).
import type { TestProject } from 'vitest/node';
import type { StartMockOptions } from '../mock/index.js';
import { startSharedMock } from './start-shared-mock.js';

export function doppelGlobalSetup(options: StartMockOptions = {}): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const { mock, provided } = await startSharedMock(options);
    project.provide('doppel', provided);
    return () => mock.close();
  };
}

export default doppelGlobalSetup();
