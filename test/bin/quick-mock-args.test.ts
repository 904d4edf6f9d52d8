// `doppel mock` reads its options without yargs when it can (bin/quick-mock-args.ts): whatever it
// reads must be what the yargs CLI hands the command's handler, and whatever it does not read
// exactly so must go to the CLI (undefined), whose message and exit status it is.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { mockCommand, MOCK_OPTIONS } from '../../bin/commands/mock.js';
import { buildCli } from '../../bin/index.js';
import { quickMockArgs } from '../../bin/quick-mock-args.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-quick-'));
const profile = join(dir, 'profile.json');
writeFileSync(profile, '{}\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** What the yargs CLI hands mock's handler for these arguments, or undefined when it refuses them. */
async function throughYargs(args: string[]): Promise<Record<string, unknown> | undefined> {
  let handed: Record<string, unknown> | undefined;
  vi.spyOn(mockCommand, 'handler').mockImplementation((argv) => {
    handed = argv as Record<string, unknown>;
  });
  try {
    await buildCli(['mock', ...args]).parseAsync();
  } catch {
    return undefined;
  } finally {
    vi.restoreAllMocks();
  }
  return handed;
}

/** The handler's view of the options: every option under both of its names. */
function optionsOf(argv: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(MOCK_OPTIONS).flatMap((name) => [[name, argv[name]], [camel(name), argv[camel(name)]]]));
}

const VALUES: Record<string, string[]> = {
  host: ['127.0.0.1', 'localhost', '::1', '', '192.0.2.1'],
  'trading-port': ['0', '4010', '65535', '65536', '-1', 'abc', '1.5', '0x10', '007', '1e3', ''],
  'wallet-port': ['0', '4020', '4010', 'x'],
  seed: ['0', '1', '42', '-3', '2.5', ' 7'],
  clock: ['realtime', 'manual', 'fast'],
  'wallet-rate-limit': ['1', '60', '0'],
  fixtures: [dir, join(dir, 'missing')],
  state: [join(dir, 'state.json'), dir],
  'admin-token': ['secret', ''],
  profile: [profile, join(dir, 'none.json')],
  'log-level': ['silent', 'error', 'info', 'debug', 'loud'],
  'cors-origin': ['http://192.168.1.20:3000', '*', 'not an origin', 'loopback'],
  'admin-cors-origin': ['loopback', 'http://localhost:5173', '*'],
  'allowed-host': ['app.test', '.example.test', '', 'bad host'],
  'journal-size': ['0', '10000', '1000001'],
  'max-namespaces': ['1', '100', '0'],
  'trust-proxy': ['127.0.0.1', '10.0.0.0/8,::1', '10.0.0.0/33', 'nope'],
};
const FLAGS = ['--cors', '--no-cors', '--answer-cache', '--no-answer-cache', '--help', '-h', '--version', '--port', '--trading-prot', '--tradingPort', 'extra', '--'];

const anOption: fc.Arbitrary<string[]> = fc.oneof(
  fc.constantFrom(...FLAGS).map((flag) => [flag]),
  fc
    .constantFrom(...Object.keys(VALUES))
    .chain((name) => fc.tuple(fc.constant(name), fc.constantFrom(...(VALUES[name] as string[])), fc.boolean()))
    .map(([name, value, joined]) => (joined ? [`--${name}=${value}`] : [`--${name}`, value])),
);

describe('doppel mock read without yargs', () => {
  it('reads a command line as the yargs CLI does, or leaves it to the CLI', async () => {
    let read = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(anOption, { maxLength: 5 }), async (options) => {
        const args = options.flat();
        const quick = quickMockArgs(args);
        if (quick === undefined) return;
        read++;
        const yargs = await throughYargs(args);
        expect(yargs, `yargs refuses ${JSON.stringify(args)}`).toBeDefined();
        expect(optionsOf(quick as Record<string, unknown>)).toEqual(optionsOf(yargs as Record<string, unknown>));
      }),
      { numRuns: 300, seed: 20261127 },
    );
    // The property held over command lines it read, not only over ones it gave up on.
    expect(read).toBeGreaterThan(30);
  });

  it('reads the command lines people type', async () => {
    for (const args of [
      [],
      ['--trading-port', '0', '--wallet-port', '0', '--log-level', 'error'],
      ['--no-cors', '--seed=7', '--clock', 'manual'],
      ['--allowed-host', 'app.test', '--allowed-host', '.example.test'],
      ['--cors-origin', 'http://192.168.1.20:3000', '--journal-size', '0', '--no-answer-cache'],
      ['--profile', profile, '--trust-proxy', '10.0.0.0/8'],
    ]) {
      const quick = quickMockArgs(args);
      expect(quick, JSON.stringify(args)).toBeDefined();
      expect(optionsOf(quick as Record<string, unknown>)).toEqual(optionsOf((await throughYargs(args)) as Record<string, unknown>));
    }
  });

  it('leaves help, mistakes and forms it does not read to the CLI', () => {
    for (const args of [
      ['--help'],
      ['--version'],
      ['--port', '4010'],
      ['--trading-port', 'abc'],
      ['--trading-port', '4010', '--trading-port', '4011'],
      ['--seed', '0x10'],
      ['--seed=-1'],
      ['--cors=false'],
      ['--cors', '--no-cors'],
      ['--clock', 'fast'],
      ['--trading-port', '4010', '--wallet-port', '4010'],
      ['--fixtures', join(dir, 'missing')],
      ['--allowed-host', 'a.test', 'b.test'],
      ['--tradingPort', '0'],
    ]) {
      expect(quickMockArgs(args), JSON.stringify(args)).toBeUndefined();
    }
  });
});
