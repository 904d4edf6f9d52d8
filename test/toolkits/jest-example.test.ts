// examples/jest really runs under jest (ES modules, no transform): doppel/jest's matchers, the
// in-process fake and the shared doppel mock of doppel/jest/global-setup, two workers.
import { expect, it } from 'vitest';
import { runExample } from './run-example.js';

it('examples/jest passes under jest', async () => {
  const run = await runExample('jest/bin/jest.js', ['--config', 'examples/jest/jest.config.mjs', '--ci', '--maxWorkers=2'], {}, ['--experimental-vm-modules', '--no-warnings']);
  expect(run.code, run.output).toBe(0);
  expect(run.output).toMatch(/Tests:\s+4 passed, 4 total/);
  expect(run.output).toMatch(/PASS examples\/jest\/orders\.example\.mjs/);
  expect(run.output).toMatch(/PASS examples\/jest\/in-process\.example\.mjs/);
}, 200_000);
