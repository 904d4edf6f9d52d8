// `npm run test:cluster`: doppel mock and doppel proxy processes behind nginx (test/cluster/). Not part of `npm test`:
// nginx is a Debian package that .ci/run installs before running this.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
