// The example of examples/vitest-namespaces really runs: two vitest workers against the one doppel
// mock of doppel/vitest/global-setup, each in its own namespace (useDoppel({ shared: true })), each
// seeing exactly its own orders and journal.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('two workers, one doppel mock, two namespaces', () => {
  const vitest = join(process.cwd(), 'node_modules', 'vitest', 'vitest.mjs');
  const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'examples/vitest-namespaces/vitest.config.ts'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, CI: '1', NO_COLOR: '1' } });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(0);
  expect(output).toMatch(/2 passed/);
  // Both workers ran, each in its own namespace.
  expect(output).toMatch(/doppel-example vitest-\d placed 3/);
  expect(output).toMatch(/doppel-example vitest-\d placed 5/);
  const names = new Set([...output.matchAll(/doppel-example (vitest-\d) placed/g)].map((m) => m[1]));
  expect(names.size).toBe(2);
});
