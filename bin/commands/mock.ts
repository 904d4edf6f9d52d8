// `doppel mock`: serves the fakes of both interfaces.
import { isIP } from 'node:net';
import { normalize } from 'node:path';
import type { Arguments, Argv, CommandModule, Options } from 'yargs';
import type { RunningMock, StartMockOptions } from '../../mock/index.js';
import { readFileSync } from 'node:fs';
import { checkFolders, checkInteger, checkJsonFile, checkStateFile } from '../option-checks.js';
import { readOriginList } from '../../mock/core/cors.js';
import { readAllowedHosts } from '../../mock/core/host-check.js';

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What `startMock` in mock/index.ts receives from the command line. */
export interface MockOptions {
  host: string;
  tradingPort: number;
  walletPort: number;
  seed: number;
  clock: 'realtime' | 'manual';
  walletRateLimit: number;
  /** Directory written by `doppel fixtures`: start from that state instead of the seed's. */
  fixtures?: string;
  /** Snapshot file: loaded at start when it exists, written back on SIGINT or SIGTERM. */
  state?: string;
  /** Required by the admin API when bound to an address other than loopback: on a network, anyone could reset or rewrite the state. */
  adminToken?: string;
  /** A deployment profile file (spec/profile.ts): the fake answers with its decision points' values. */
  profile?: string;
  logLevel: LogLevel;
  /** CORS of the interfaces: pages of this machine and these origins, `*` (any page), or false (--no-cors). */
  cors: '*' | string[] | false;
  /** CORS of the admin API: these origins (or `loopback`); none by default. */
  adminCors: string[];
  /** Host names besides this machine's that requests may name while bound to loopback. */
  allowedHosts: string[];
  journalSize: number;
  /** false (--no-answer-cache): every read computed, none answered again (mock/core/answer-cache.ts). */
  answerCache: boolean;
  maxNamespaces: number;
  /** Reverse proxies whose X-Forwarded-For names the caller (addresses or CIDR ranges). */
  trustProxy?: string[];
  /** Stop as on SIGTERM when stdin ends: a parent that dies (even by SIGKILL) takes the stub with it. */
  exitWithParent: boolean;
}

/**
 * The options of `doppel mock`, in --help's order: one table, read by yargs (builder) and by the
 * quick reader that starts the fake without yargs (bin/quick-mock-args.ts).
 */
export const MOCK_OPTIONS = {
  host: { type: 'string', default: '127.0.0.1', describe: 'Address to bind both interfaces to; any address other than loopback requires --admin-token' },
  'trading-port': { type: 'number', default: 4010, describe: 'Port of the trading interface (0: a free port, named in the ready line)' },
  'wallet-port': { type: 'number', default: 4020, describe: 'Port of the wallet interface (0: a free port, named in the ready line)' },
  seed: { type: 'number', default: 1, describe: 'Seed of the demo data, prices and every random choice' },
  clock: {
    choices: ['realtime', 'manual'] as const,
    default: 'realtime' as const,
    describe: 'realtime: virtual time runs with the wall clock (plus admin moves); manual: it moves only through POST /__doppel/clock',
  },
  'wallet-rate-limit': { type: 'number', default: 60, describe: 'Wallet requests per minute per API key before 429' },
  fixtures: { type: 'string', describe: 'Start from the state a doppel fixtures run wrote into this directory (DIR/state.json)' },
  state: { type: 'string', describe: 'Snapshot file: loaded at start if it exists, written back on SIGINT/SIGTERM (with --fixtures, an existing state file wins)' },
  'admin-token': { type: 'string', describe: 'Token the admin API (/__doppel/) then requires as Authorization: Bearer <token>; needed when --host is not loopback. Default: $DOPPEL_ADMIN_TOKEN when set' },
  profile: { type: 'string', describe: 'Answer like this deployment profile (a file doppel check --learn wrote) at its decision points; an invalid one is one line naming the field, exit 2' },
  'log-level': { choices: LOG_LEVELS, default: 'info' as LogLevel, describe: 'silent: nothing; error: ready lines and faults; warn: also refused, slow or aborted requests; info: also one line per request; debug: also headers and bodies. Keys and passwords are always masked' },
  cors: { type: 'boolean', default: true, describe: 'Answer CORS preflights and send Access-Control-Allow-Origin (--no-cors: neither)' },
  'cors-origin': {
    type: 'string',
    describe:
      'Web pages that may call the interfaces besides those of this machine (http(s)://localhost, *.localhost, 127.0.0.1, [::1], any port, always allowed): ' +
      'a comma-separated list of origins such as http://192.168.1.20:3000, or * for any website (which can then use every key it learns against the fake); see docs/guides/security.md',
  },
  'admin-cors-origin': {
    type: 'string',
    describe:
      'Web pages that may call the admin API (/__doppel/: the whole state with keys and password hashes, reset, clock, faults): a comma-separated list of origins, ' +
      'or loopback for every page of this machine; default none (the dashboard is same-origin and needs none)',
  },
  'allowed-host': {
    type: 'string',
    array: true,
    describe:
      'While bound to loopback, a Host name requests may use besides localhost, *.localhost, 127.0.0.0/8 and [::1] (others get 403: DNS rebinding); ' +
      'repeatable; .example.test allows it and every name under it',
  },
  'journal-size': { type: 'number', default: 10_000, describe: 'Requests the request journal (GET /__doppel/requests) keeps, a ring; 0 turns it off' },
  'answer-cache': {
    type: 'boolean',
    default: true,
    describe: 'Answer a read again while nothing it depends on changed (writes, admin changes and the clock invalidate it); --no-answer-cache computes every read, with the same answers',
  },
  'max-namespaces': { type: 'number', default: 100, describe: 'Namespaces (X-Doppel-Namespace) that may exist at once, the default one included; one more is a 409' },
  'trust-proxy': { type: 'string', describe: 'Addresses or CIDR ranges of reverse proxies (comma-separated) whose X-Forwarded-For names the caller, for the IP whitelist' },
  'exit-with-parent': {
    type: 'boolean',
    default: false,
    describe:
      'Stop as on SIGTERM (both ports closed at once) when stdin closes: start it with stdin a pipe the parent keeps open, and a parent that ends, '
      + 'even by kill -9, takes it along (stdin from /dev/null stops it at once)',
  },
} as const satisfies Record<string, Options>;

/** What yargs does not check of the options (each throws one line naming the option), in this order. */
export const MOCK_CHECKS: ReadonlyArray<(argv: Arguments) => true> = [
  checkTrustProxy,
  checkInteger({ 'trading-port': [0, 65535], 'wallet-port': [0, 65535], seed: [0], 'wallet-rate-limit': [1], 'journal-size': [0, 1_000_000], 'max-namespaces': [1, 10_000] }),
  checkCorsOrigin,
  checkAllowedHosts,
  checkPorts,
  checkFolders({ fixtures: { mustExist: true } }),
  checkStateFile('state'),
  checkJsonFile('profile'),
];

function builder(y: Argv) {
  let built = y.options(MOCK_OPTIONS);
  for (const check of MOCK_CHECKS) built = built.check(check);
  return built
    .epilogue('Prints the state it loaded (--state, --fixtures), then one ready line per interface with its URL; SIGINT or SIGTERM '
      + 'stops it (and writes --state). A port in use, a port that needs privileges or an address not on this machine is one line '
      + 'naming the option, exit 1; a --state file that is not a snapshot is one line naming the file, exit 1.');
}

/** `--trust-proxy 127.0.0.1,10.0.0.0/8`: the entries of an IP whitelist (node:net, no ipaddr.js at start-up). */
export function parseTrustProxy(value: string): string[] {
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const ok = family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
    if (!ok) throw new Error(`--trust-proxy: ${JSON.stringify(entry)} is not an IPv4/IPv6 address or CIDR range (e.g. 127.0.0.1,10.0.0.0/8)`);
  }
  return entries;
}

function checkTrustProxy(argv: Arguments): true {
  if (typeof argv['trust-proxy'] === 'string') parseTrustProxy(argv['trust-proxy']);
  return true;
}

/** Two interfaces cannot share a port (0 asks the system for a free one, each its own). */
function checkPorts(argv: Arguments): true {
  if (argv['trading-port'] === argv['wallet-port'] && argv['trading-port'] !== 0) {
    throw new Error(`--trading-port and --wallet-port are both ${String(argv['trading-port'])}: each interface needs its own port`);
  }
  if (typeof argv.host === 'string' && argv.host.trim() === '') throw new Error('--host must not be empty');
  return true;
}

/** `*` or a comma-separated list of origins (scheme://host[:port], no path, as browsers send Origin) or `loopback`. */
export function parseCorsOrigins(value: string, option = '--cors-origin'): '*' | string[] {
  if (value.trim() === '*') return '*';
  return readOriginList(value.split(','), option);
}

/** --admin-cors-origin: like --cors-origin, but never `*`. */
export function parseAdminCorsOrigins(value: string): string[] {
  const origins = parseCorsOrigins(value, '--admin-cors-origin');
  if (origins === '*') throw new Error('--admin-cors-origin: * would let every website read and reset the whole fake; name the origins (or loopback)');
  return origins;
}

function checkCorsOrigin(argv: Arguments): true {
  if (typeof argv['cors-origin'] === 'string') parseCorsOrigins(argv['cors-origin']);
  if (typeof argv['admin-cors-origin'] === 'string') parseAdminCorsOrigins(argv['admin-cors-origin']);
  if (argv.cors === false && argv['cors-origin'] !== undefined) throw new Error('--cors-origin and --no-cors contradict each other: give one');
  if (argv.cors === false && argv['admin-cors-origin'] !== undefined) throw new Error('--admin-cors-origin and --no-cors contradict each other: give one');
  return true;
}

function checkAllowedHosts(argv: Arguments): true {
  const hosts = argv['allowed-host'];
  if (Array.isArray(hosts)) readAllowedHosts(hosts.map(String));
  return true;
}

/**
 * A listener that could not start, as one line naming the option to change (the error of
 * node's listen carries the port and the address).
 */
export function listenProblem(error: unknown, options: Pick<MockOptions, 'host' | 'tradingPort' | 'walletPort'>): Error | undefined {
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (typeof e?.code !== 'string') return undefined;
  const port = e.port;
  const option = port === options.tradingPort ? '--trading-port' : port === options.walletPort ? '--wallet-port' : 'the port';
  switch (e.code) {
    case 'EADDRINUSE':
      return new Error(`port ${port} on ${options.host} is already in use (${option}): stop what listens there, or choose another port (0 = any free port)`);
    case 'EACCES':
      return new Error(`port ${port} on ${options.host} needs privileges this process lacks (${option}): choose a port above 1023`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new Error(`cannot listen on --host ${options.host}: no such address on this machine (${e.code})`);
    default:
      return undefined;
  }
}

/** The parsed options, as the builder declares them (the handler gets them camelCased too). */
export type MockArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

export const mockCommand: CommandModule<object, MockArgs> = {
  command: 'mock',
  describe: 'Serve the fakes of the trading and wallet interfaces',
  builder,
  async handler(argv) {
    const options: MockOptions = {
      host: argv.host,
      tradingPort: argv.tradingPort,
      walletPort: argv.walletPort,
      seed: argv.seed,
      clock: argv.clock,
      walletRateLimit: argv.walletRateLimit,
      fixtures: argv.fixtures === undefined ? undefined : normalize(argv.fixtures),
      state: argv.state === undefined ? undefined : normalize(argv.state),
      // From the environment when not given: it stays out of the process list, and a container
      // image (no shell in it to expand a variable into the command line) can take it from there.
      adminToken: argv.adminToken ?? (process.env.DOPPEL_ADMIN_TOKEN || undefined),
      profile: argv.profile === undefined ? undefined : normalize(argv.profile),
      logLevel: argv.logLevel,
      cors: !argv.cors ? false : argv.corsOrigin === undefined ? [] : parseCorsOrigins(argv.corsOrigin),
      adminCors: argv.adminCorsOrigin === undefined ? [] : parseAdminCorsOrigins(argv.adminCorsOrigin),
      allowedHosts: (argv.allowedHost ?? []).map(String),
      journalSize: argv.journalSize,
      answerCache: argv.answerCache,
      maxNamespaces: argv.maxNamespaces,
      ...(argv.trustProxy !== undefined ? { trustProxy: parseTrustProxy(argv.trustProxy) } : {}),
      exitWithParent: argv.exitWithParent,
    };
    // Loaded on use: each command pays only for its own modules (start-up time).
    const { startMock, ProfileError } = await import('../../mock/index.js');
    const mockOptions: StartMockOptions = {
      host: options.host,
      tradingPort: options.tradingPort,
      walletPort: options.walletPort,
      seed: options.seed,
      clock: options.clock,
      walletRateLimit: options.walletRateLimit,
      ...(options.adminToken ? { adminToken: options.adminToken } : {}),
      ...(options.fixtures !== undefined ? { fixtures: options.fixtures } : {}),
      ...(options.state !== undefined ? { state: options.state } : {}),
      ...(options.profile !== undefined ? { profile: JSON.parse(readFileSync(options.profile, 'utf8')) as unknown } : {}),
      logLevel: options.logLevel,
      cors: options.cors,
      adminCors: options.adminCors,
      allowedHosts: options.allowedHosts,
      journalSize: options.journalSize,
      answerCache: options.answerCache,
      maxNamespaces: options.maxNamespaces,
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    };
    // The handlers go in before the listeners start: a supervisor that sends SIGTERM as soon as the
    // ready lines appear must get the graceful stop, not the default death by signal (in-flight
    // requests cut off, the --state file not written).
    const starting = startMock(mockOptions);
    const stopped = stopOnSignal(starting, {
      verbose: options.logLevel === 'info' || options.logLevel === 'debug',
      ...(options.exitWithParent ? { lifeline: process.stdin } : {}),
    });
    try {
      await starting;
    } catch (error) {
      if (error instanceof ProfileError) {
        // A usage problem, like a bad option value: exit 2 naming the field.
        process.stderr.write(`doppel mock: --profile ${options.profile}: ${error.message}\n`);
        process.exitCode = 2;
        return;
      }
      throw listenProblem(error, options) ?? error;
    }
    await stopped;
  },
};

/**
 * Graceful stop: on the first SIGINT or SIGTERM, or the end of the lifeline (--exit-with-parent:
 * stdin), close the listeners, let in-flight requests finish and write the --state file
 * (running.close does both); resolves when done, rejects when the state could not be written (the
 * command then exits 1).
 */
export function stopOnSignal(
  running: Pick<RunningMock, 'close'> | Promise<Pick<RunningMock, 'close'>>,
  options: { verbose?: boolean; signals?: NodeJS.EventEmitter; lifeline?: NodeJS.ReadableStream & { destroy?: () => void } } = {},
): Promise<void> {
  const signals = options.signals ?? process;
  const { lifeline } = options;
  return new Promise<void>((resolve, reject) => {
    // A parent killed by SIGKILL sends no signal, but the kernel closes its end of the pipe: stdin
    // ends (or fails), whatever the parent was (a pytest, a go test, a shell).
    const cut = (): void => stop('stdin closed');
    const detach = (): void => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      if (lifeline !== undefined) {
        lifeline.off('end', cut);
        lifeline.off('close', cut);
        lifeline.off('error', cut);
        // Its handle would keep the process alive after the listeners closed.
        lifeline.destroy?.();
      }
    };
    // A start that failed has nothing to stop, and nothing may keep the process from exiting with its error.
    Promise.resolve(running).catch(detach);
    const stop = (signal: NodeJS.Signals | 'stdin closed') => {
      detach();
      if (options.verbose) console.log(`doppel: ${signal}, stopping`);
      // Still starting: stop as soon as the listeners are up (a failed start is reported by the caller).
      Promise.resolve(running).then((r) => r.close(), () => undefined).then(resolve, reject);
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
    if (lifeline !== undefined) {
      lifeline.on('end', cut);
      lifeline.on('close', cut);
      lifeline.on('error', cut);
      // What the parent writes is read and dropped: a full pipe must never block it.
      lifeline.resume();
    }
  });
}
