// `doppel mock`: serves the fakes of both interfaces (issues 3, 4, 6 and 8 give the options).
import type { Argv, CommandModule } from 'yargs';
import type { RunningMock, StartMockOptions } from '../../mock/index.js';
import { checkInteger } from '../integer-check.js';

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
  /** Required by the admin API when bound to an address other than loopback (issue 8). */
  adminToken?: string;
  logLevel: LogLevel;
}

function builder(y: Argv) {
  return y
    .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to bind both fakes to' })
    .option('trading-port', { type: 'number', default: 4010, describe: 'Port of the trading fake' })
    .option('wallet-port', { type: 'number', default: 4020, describe: 'Port of the wallet fake' })
    .option('seed', { type: 'number', default: 1, describe: 'Seed of the demo data, prices and every random choice' })
    .option('clock', {
      choices: ['realtime', 'manual'] as const,
      default: 'realtime' as const,
      describe: 'realtime: the virtual clock follows the wall clock; manual: it moves only by POST /__doppel/clock',
    })
    .option('wallet-rate-limit', { type: 'number', default: 60, describe: 'Wallet requests per minute per API key before 429' })
    .option('fixtures', { type: 'string', normalize: true, describe: 'Start from the state in this directory (written by doppel fixtures)' })
    .option('state', { type: 'string', normalize: true, describe: 'Snapshot file: loaded at start if present, written on SIGINT/SIGTERM' })
    .option('admin-token', { type: 'string', describe: 'Token the admin API (/__doppel/) requires; needed when --host is not loopback' })
    .option('log-level', { choices: LOG_LEVELS, default: 'info' as LogLevel, describe: 'How much to log' })
    .check(checkInteger({ 'trading-port': [0, 65535], 'wallet-port': [0, 65535], seed: [0], 'wallet-rate-limit': [1] }));
}

/** The parsed options, as the builder declares them (the handler gets them camelCased too). */
type MockArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

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
      fixtures: argv.fixtures,
      state: argv.state,
      adminToken: argv.adminToken,
      logLevel: argv.logLevel,
    };
    // Loaded on use: each command pays only for its own modules (start-up time, issue 7).
    const { startMock } = await import('../../mock/index.js');
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
      logLevel: options.logLevel,
    };
    // The handlers go in before the listeners start: a supervisor that sends SIGTERM as soon as the
    // ready lines appear must get the graceful stop, not the default death by signal (issue 8).
    const starting = startMock(mockOptions);
    const stopped = stopOnSignal(starting, { verbose: options.logLevel === 'info' || options.logLevel === 'debug' });
    await starting;
    await stopped;
  },
};

/**
 * Graceful stop (issue 8): on the first SIGINT or SIGTERM, close the listeners, let in-flight
 * requests finish and write the --state file (running.close does both); resolves when done, rejects
 * when the state could not be written (the command then exits 1).
 */
export function stopOnSignal(
  running: Pick<RunningMock, 'close'> | Promise<Pick<RunningMock, 'close'>>,
  options: { verbose?: boolean; signals?: NodeJS.EventEmitter } = {},
): Promise<void> {
  const signals = options.signals ?? process;
  return new Promise<void>((resolve, reject) => {
    const stop = (signal: NodeJS.Signals) => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      if (options.verbose) console.log(`doppel: ${signal}, stopping`);
      // Still starting: stop as soon as the listeners are up (a failed start is reported by the caller).
      Promise.resolve(running).then((r) => r.close(), () => undefined).then(resolve, reject);
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });
}
