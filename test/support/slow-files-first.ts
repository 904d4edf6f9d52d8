// vitest runs the files it remembers as slow first, so that no long file starts last beside an idle
// worker; a clean clone (CI, a newcomer) remembers nothing, and vitest then runs the largest files
// first, which put the mutation sample (55 s, a small file) near the end: 5:36 instead of 4:35 on
// two cores. These files go first always, longest first; the others keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The suite's longest files on a quiet 2-core machine, longest first (vitest's JSON reporter). */
export const SLOW_FILES = [
  'test/mutation/mutation-sample.test.ts',
  'test/bin/cli-rough-edges.test.ts',
  'test/fixtures/mock-state.test.ts',
  'test/toolkits/playwright-example.test.ts',
  'test/conformance/embedded-fake.test.ts',
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const i = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return i === -1 ? SLOW_FILES.length : i;
    };
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
