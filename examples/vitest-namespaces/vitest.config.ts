// One `doppel mock` for the whole test run, each vitest worker in its own namespace (issue 13).
// Copy this folder into a project; replace the relative imports of ../../mock/index.js with
// 'doppel/mock'. Run: npx vitest run --config examples/vitest-namespaces/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  test: {
    root: here,
    include: ['*.example.ts'],
    globalSetup: ['./global-setup.ts'],
    // Several workers at once, all against the one mock the global setup started.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
