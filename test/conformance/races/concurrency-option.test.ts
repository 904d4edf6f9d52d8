// --concurrency N: off by default, an integer from 2 to 16, overlapping writes need --allow-writes
// against a URL; each a one-line usage error (exit 2) before any request.
import { describe, expect, it } from 'vitest';
import { usage } from '../cli-usage.js';

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
});
