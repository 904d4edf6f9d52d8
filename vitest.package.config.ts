// `npm run test:package`: the npm package as a user gets it (test/bin/package-install.test.ts: npm
// pack, the tarball installed into an empty folder, its commands run there). Not part of `npm
// test`: what it packs and installs is the same on every Node version, and it takes a minute and a
// half of the suite's five, so .ci/run runs it once, on the machine's Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/bin/package-install.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
