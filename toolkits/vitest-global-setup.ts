// doppel/vitest/global-setup: starts one doppel mock for the whole vitest run (free loopback
// ports, manual clock) and hands its URLs to the workers, where useDoppel({ shared: true }) gives
// each worker a namespace on it. In vitest.config.ts: test: { globalSetup: ['doppel/vitest/global-setup'] }.
// With options, a file of your own: export default doppelGlobalSetup({ seed: 7 }).
import type { TestProject } from 'vitest/node';
import { startMock, type StartMockOptions } from '../mock/index.js';

export function doppelGlobalSetup(options: StartMockOptions = {}): (project: TestProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const mock = await startMock({ tradingPort: 0, walletPort: 0, clock: 'manual', quiet: true, ...options });
    project.provide('doppel', { trading: mock.trading.url, wallet: mock.wallet.url, ...(options.adminToken ? { adminToken: options.adminToken } : {}) });
    return () => mock.close();
  };
}

export default doppelGlobalSetup();
