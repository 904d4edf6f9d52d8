// The stub-server options of `doppel mock`: --cors-origin, --no-cors, --journal-size,
// --max-namespaces; and those of a server on a developer's machine: --admin-cors-origin,
// --allowed-host (docs/guides/security.md). Listed in --help, and checked like the others (exit 2,
// one line naming the option).
import { describe, expect, it } from 'vitest';
import { run } from '../bin/run-cli.js';
import { parseAdminCorsOrigins, parseCorsOrigins, parseTrustProxy } from '../../bin/commands/mock.js';

describe('doppel mock, CORS, host, journal and namespace options', () => {
  it('--help lists them with their defaults', async () => {
    const { output } = await run(['mock', '--help']);
    for (const option of ['--cors-origin', '--cors', '--admin-cors-origin', '--allowed-host', '--journal-size', '--max-namespaces']) expect(output).toContain(option);
    for (const value of ['10000', '100']) expect(output).toContain(`[default: ${value}]`);
    // No origin beyond this machine by default: --cors-origin has no default value to show.
    expect(output).not.toContain('[default: "*"]');
    expect(output).toMatch(/--cors-origin[^\n]*\n?[^-]*localhost/);
  });

  it('refuses bad values with one line naming the option', async () => {
    const cases: [string[], RegExp][] = [
      [['--journal-size', '-1'], /--journal-size must be an integer from 0 to 1000000 \(got -1\)/],
      [['--journal-size', '1.5'], /--journal-size must be an integer/],
      [['--max-namespaces', '0'], /--max-namespaces must be an integer from 1 to 10000/],
      [['--cors-origin', 'localhost:3000'], /--cors-origin: "localhost:3000" is not an origin/],
      [['--cors-origin', 'http://localhost:3000/'], /is not an origin/],
      [['--no-cors', '--cors-origin', 'http://a.test'], /--cors-origin and --no-cors contradict each other/],
      [['--no-cors', '--admin-cors-origin', 'http://a.test'], /--admin-cors-origin and --no-cors contradict each other/],
      [['--admin-cors-origin', '*'], /--admin-cors-origin: \* would let every website read and reset the whole fake/],
      [['--admin-cors-origin', 'http://localhost:3000/'], /--admin-cors-origin: "http:\/\/localhost:3000\/" is not an origin/],
      [['--allowed-host', 'myapp.test:4010'], /--allowed-host: "myapp.test:4010" is not a host name/],
      [['--allowed-host', 'ok.test', '--allowed-host', 'http://bad.test'], /--allowed-host: "http:\/\/bad.test" is not a host name/],
      [['--trust-proxy', '127.1'], /--trust-proxy: "127.1" is not an IPv4\/IPv6 address or CIDR range/],
      [['--trust-proxy', '127.0.0.1,10.0.0.0/33'], /--trust-proxy: "10.0.0.0\/33" is not/],
      [['--trust-proxy', 'nginx'], /--trust-proxy: "nginx" is not/],
    ];
    for (const [args, message] of cases) {
      const outcome = await run(['mock', ...args]);
      expect(outcome.exitCode, args.join(' ')).toBe(2);
      expect(outcome.message).toMatch(message);
      expect(outcome.message.split('\n')).toHaveLength(1);
    }
  });

  it('reads an origin list', () => {
    expect(parseCorsOrigins('*')).toBe('*');
    expect(parseCorsOrigins('http://localhost:3000, https://app.example.test')).toEqual(['http://localhost:3000', 'https://app.example.test']);
    expect(parseAdminCorsOrigins('loopback,http://192.168.1.20:3000')).toEqual(['loopback', 'http://192.168.1.20:3000']);
  });

  it('reads a --trust-proxy list', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });
});
