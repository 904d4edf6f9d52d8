// One `doppel mock` for the whole test run, each vitest worker in its own namespace: the global
// setup of doppel/vitest starts the mock, useDoppel({ shared: true }) in each test file takes this
// worker's namespace and resets it before each test. Copy this folder into a project as it is.
// Run: npx vitest run --config examples/vitest-namespaces/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.example.ts'],
    globalSetup: ['doppel/vitest/global-setup'],
    // Several workers at once, all against the one mock the global setup started.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
