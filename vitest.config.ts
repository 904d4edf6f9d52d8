import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // test/cluster/ needs nginx: `npm run test:cluster` (vitest.cluster.config.ts); test/languages/
    // needs python3 and go: `npm run test:languages` (vitest.languages.config.ts).
    exclude: ['node_modules/**', 'dist/**', 'test/cluster/**', 'test/languages/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
