// The one doppel mock a whole test run shares, as the vitest and jest global setups and the
// Playwright worker fixture start it: free loopback ports, a manual clock, no request log; and
// what the workers need to reach it.
import { startMock, type RunningMock, type StartMockOptions } from '../mock/index.js';
import type { ProvidedDoppel } from './use-doppel.js';

export async function startSharedMock(options: StartMockOptions = {}): Promise<{ mock: RunningMock; provided: ProvidedDoppel }> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, clock: 'manual', quiet: true, ...options });
  return { mock, provided: { trading: mock.trading.url, wallet: mock.wallet.url, ...(options.adminToken ? { adminToken: options.adminToken } : {}) } };
}
