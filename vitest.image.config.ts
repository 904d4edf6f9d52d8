// `npm run test:image`: the container image (test/image/), after npm run build:image. Not part of
// `npm test`: it needs root, umoci (a Debian package .ci/run installs) and chroot.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/image/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
