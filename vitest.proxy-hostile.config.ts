// `npm run test:proxy-hostile`: doppel proxy against what production sends it at scale (2,000
// slowloris connections, 200 MB uploads, 100 half-closed clients, the built proxy stopped by
// SIGINT, SIGTERM and kill -9 under load with its HAR held to the target's journal). Not part of
// `npm test`: they take a minute and thousands of sockets, so .ci/run runs them once. The fast
// cases are test/proxy/proxy-forward.test.ts, in npm test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/proxy-hostile/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // One file at a time: the cases hold thousands of sockets and spawn processes.
    fileParallelism: false,
  },
});
