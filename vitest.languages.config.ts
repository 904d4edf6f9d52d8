// `npm run test:languages`: what needs Python or Go (test/languages/), against the single
// executable. Not part of `npm test`: python3 and go are Debian packages that .ci/run installs.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/languages/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
