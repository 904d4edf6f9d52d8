// `npm run test:kills`: doppel diff over a 2,000-exchange recording and the suite's breaking layers, by
// recording and by the checker's run on each side
// (test/diff/diff-kills.test.ts); the hand-written broken servers, through doppel check
// (test/conformance/broken-servers.test.ts) and through doppel proxy (test/proxy/proxy-broken.test.ts);
// the refusals the documents imply, accepted by a broken target (test/conformance/negative-space.test.ts);
// a stub that answers success to everything, rejected keys, masking, seeds (test/conformance/trust.test.ts);
// the breaking layers generated from the documents, the resource graph and
// the input classes (test/conformance/*-kills.test.ts), each in front of doppel mock, each killed by
// the assertions that judge what it breaks. Not part of `npm test`: they prove the checker's logic,
// the same on every Node version, and take a minute of the suite's five, so .ci/run runs them once,
// on the machine's Node. under-load.test.ts kills the breakages whose verdict leans on timing beside a
// busy loop on every core (its busy loop would slow every other file of npm test), and every clause
// breakage so with DOPPEL_UNDER_LOAD=all (.ci/run's step "clause breakages under load").
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/conformance/*-kills.test.ts', 'test/diff/*-kills.test.ts', 'test/conformance/broken-servers.test.ts', 'test/proxy/proxy-broken.test.ts', 'test/conformance/negative-space.test.ts', 'test/conformance/trust.test.ts', 'test/conformance/under-load.test.ts'],
    testTimeout: 30_000,
  },
});
