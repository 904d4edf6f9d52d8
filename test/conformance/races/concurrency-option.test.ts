// --concurrency N: off by default, an integer from 2 to 16, overlapping writes need --allow-writes
// against a URL; each a one-line usage error (exit 2) before any request. The plan names the race
// requests and the most they move.
import { describe, expect, it } from 'vitest';
import { usage } from '../cli-usage.js';
import { runConformance } from '../../../conformance/index.js';

describe('doppel check --concurrency', () => {
  it('refuses values outside 2..16, fractions and words, and a URL run without --allow-writes, in one line (exit 2)', async () => {
    for (const [value, says] of [['1', 'an integer from 2 to 16 (got 1)'], ['17', '(got 17)'], ['2.5', '(got 2.5)'], ['many', '(got many)']] as const) {
      const { exitCode, message } = await usage(['check', '--concurrency', value]);
      expect(exitCode, value).toBe(2);
      expect(message, value).toContain(`--concurrency must be ${says.startsWith('an') ? says : 'an integer from 2 to 16'}`);
      expect(message).not.toContain('\n');
    }
    const noWrites = await usage(['check', '--wallet-url', 'http://127.0.0.1:9', '--wallet-key', 'k', '--concurrency', '4']);
    expect(noWrites.exitCode).toBe(2);
    expect(noWrites.message).toContain('--concurrency sends overlapping writes: give --allow-writes too');
    const twice = await usage(['check', '--concurrency', '4', '--concurrency', '8']);
    expect(twice.exitCode).toBe(2);
  });

  it('is off by default: the race checks say how to ask for them; with it, the plan lists their requests', async () => {
    const lines: string[] = [];
    const off = await runConformance({ seed: 2, runs: 1, checks: ['register-race'] });
    expect(off.checks.find((c) => c.id === 'register-race')).toMatchObject({ status: 'not-exercised', reason: 'not asked for (--concurrency N)' });
    const on = await runConformance({ seed: 2, runs: 1, concurrency: 4, checks: ['register-race'], log: (l) => lines.push(l) });
    expect(on.checks.find((c) => c.id === 'register-race')?.status).toBe('passed');
    const plan = lines.join('\n');
    expect(plan).toContain('races (--concurrency 4)');
    expect(plan).toMatch(/sends 0\.00005 of its native coin .*the most that leaves the key's user/);
    expect(plan).toContain('4 registrations of one doppel-race-*@example.test e-mail at once');
  });
});
