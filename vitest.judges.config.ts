// `npm run test:judges`: doppel proxy's judges on worker threads against judging on the forwarding
// thread over the same traffic, and a queue too small for any exchange (test/proxy/proxy-judges.test.ts).
// Not part of `npm test`: the workers load the whole judge (seconds on a 2-core machine).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/proxy/proxy-judges.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
