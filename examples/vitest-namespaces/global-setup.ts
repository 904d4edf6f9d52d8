// Starts one doppel mock for all workers (in a project: `import { startMock } from 'doppel/mock'`,
// or run `doppel mock` beside the tests and skip this file) and hands its URLs to the workers.
import type { TestProject } from 'vitest/node';
import { startMock } from '../../mock/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    doppel: { trading: string; wallet: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });
  project.provide('doppel', { trading: mock.trading.url, wallet: mock.wallet.url });
  return () => mock.close();
}
