// `npm run test:release`: the release archive (test/release/), after npm run build:release. Not
// part of `npm test`: it needs the built executable, and python3 and go (Debian packages that
// .ci/run installs) for the README's helper commands.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/release/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
