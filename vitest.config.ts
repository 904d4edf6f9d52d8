import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './test/support/slow-files-first.js';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // test/cluster/ needs nginx: `npm run test:cluster` (vitest.cluster.config.ts); test/languages/
    // needs python3 and go: `npm run test:languages` (vitest.languages.config.ts); the packed
    // package and a client generated from its spec files (`npm run test:package`,
    // vitest.package.config.ts) and the breakages' kills, generated
    // and hand-written (`npm run test:kills`, vitest.kills.config.ts) are the same on every Node version; the proxy's
    // judges on worker threads take seconds to start (`npm run test:judges`, vitest.judges.config.ts);
    // the proxy at scale (`npm run test:proxy-hostile`, vitest.proxy-hostile.config.ts) takes a minute;
    // the docs' examples (`npm run test:docs-examples`) start processes for 40 s, the same on every Node.
    exclude: ['node_modules/**', 'dist/**', 'test/cluster/**', 'test/languages/**', 'test/release/**', 'test/image/**', 'test/bin/package-install.test.ts', 'test/clients/openapi-fetch-client.test.ts', 'test/conformance/*-kills.test.ts', 'test/diff/*-kills.test.ts', 'test/conformance/broken-servers.test.ts', 'test/proxy/proxy-broken.test.ts', 'test/conformance/negative-space.test.ts', 'test/conformance/trust.test.ts', 'test/conformance/under-load.test.ts', 'test/proxy/proxy-judges.test.ts', 'test/proxy-hostile/**', 'test/docs/code-blocks.test.ts'],
    // vitest's default is one worker fewer than the cores: on a 2-core machine one worker, and the
    // suite used 1.3 cores (its files wait on servers and child processes). Two workers there:
    // 316 → 220 s of vitest, the same 1,466 tests passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
