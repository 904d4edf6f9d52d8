// `npm run test:docs-examples`: every code block of the README, the guides and the references run
// as an example (test/docs/code-blocks.test.ts: sh blocks against a doppel mock, ts blocks
// type-checked and run). Not part of `npm test`: the blocks start processes for some 40 s of the
// suite's five minutes on two cores, and what they show is the same on every Node version (the
// CLI's own tests run on each), so .ci/run runs them once, on the machine's Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/docs/code-blocks.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
