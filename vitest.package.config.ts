// `npm run test:package`: the npm package as a user gets it (test/bin/package-install.test.ts: npm
// pack, the tarball installed into an empty folder, its commands run there), and the spec files it
// ships as a client generator reads them (test/clients/openapi-fetch-client.test.ts: openapi-typescript
// and openapi-fetch against both interfaces, compiled with strict TypeScript). Not part of `npm
// test`: what it packs, installs and generates is the same on every Node version, and it takes two
// minutes of the suite's five, so .ci/run runs it once, on the machine's Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/bin/package-install.test.ts', 'test/clients/openapi-fetch-client.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
