// doppel/jest/global-setup: starts one doppel mock for the whole jest run (free loopback ports,
// manual clock); its URLs reach the workers through an environment variable (jest starts them
// after the global setup), where useDoppel({ shared: true }) gives each worker a namespace.
// doppel/jest/global-teardown stops it (jest runs both in its parent process).
import type { RunningMock, StartMockOptions } from '../mock/index.js';
import { startSharedMock } from './start-shared-mock.js';
import { DOPPEL_URLS_ENV } from './use-doppel.js';

const RUNNING = Symbol.for('doppel.jest.mock');

export function doppelGlobalSetup(options: StartMockOptions = {}): () => Promise<void> {
  return async () => {
    const { mock, provided } = await startSharedMock(options);
    (globalThis as Record<symbol, RunningMock>)[RUNNING] = mock;
    process.env[DOPPEL_URLS_ENV] = JSON.stringify(provided);
  };
}

export async function doppelGlobalTeardown(): Promise<void> {
  await (globalThis as Record<symbol, RunningMock | undefined>)[RUNNING]?.close();
}

export default doppelGlobalSetup();
