// `doppel diff`: does a candidate deployment answer recorded traffic the way the primary does?
import type { Argv, CommandModule } from 'yargs';
import type { DiffCliOptions } from '../../diff/index.js';
import { checkInputFiles, checkInteger, checkReportFiles, file, idList } from '../option-checks.js';

const URLS = ['primary-trading', 'primary-wallet', 'candidate-trading', 'candidate-wallet', 'secondary-trading', 'secondary-wallet'] as const;

/** The options of the checker's run (--check), which a recording or two profiles leave nothing to act on. */
const CHECK_RUN = ['seed', 'runs', 'rate-limit', 'concurrency', 'wallet-rate-limit', 'only'];

const given = (argv: Record<string, unknown>, names: readonly string[]) => names.filter((name) => argv[name] !== undefined && argv[name] !== false);
const idle = (names: string[], what: string): Error => new Error(`${what}: ${names.map((n) => `--${n}`).join(', ')} ${names.length === 1 ? 'has' : 'have'} nothing to act on`);

/**
 * One source: --profiles compares two files and sends nothing; --from-har replays a recording;
 * --check runs the checker on each side. The last two need both sides of an interface.
 */
function checkSource(argv: Record<string, unknown>): true {
  const sources = given(argv, ['from-har', 'check', 'profiles']);
  if (sources.length > 1) throw new Error(`Give one of --from-har, --check and --profiles (got ${sources.map((n) => `--${n}`).join(' and ')})`);
  const profiles = argv['profiles'] as string[] | undefined;
  if (profiles !== undefined) {
    if (profiles.length !== 2) throw new Error(`--profiles takes two profile files, the primary's and the candidate's (got ${profiles.length})`);
    const sending = given(argv, [...URLS, 'allow-writes', ...CHECK_RUN]);
    if (sending.length) throw idle(sending, '--profiles compares two files and replays nothing');
    return true;
  }
  if (sources.length === 0) throw new Error('Give --from-har FILE (a recording to replay), --check (the checker\'s run on each side) or --profiles A B');
  const checkOnly = given(argv, CHECK_RUN);
  if (argv['from-har'] !== undefined && checkOnly.length) throw idle(checkOnly, '--from-har replays a recording, not the checker\'s run');
  if (argv['check'] && argv['concurrency'] !== undefined && !argv['allow-writes']) throw new Error('--concurrency sends overlapping writes: give --allow-writes too');
  return checkUrls(argv);
}

function checkUrls(argv: Record<string, unknown>): true {
  for (const name of URLS) {
    const value = argv[name];
    if (value === undefined) continue;
    const url = URL.canParse(String(value)) ? new URL(String(value)) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`--${name} must be an http:// or https:// URL (got ${JSON.stringify(value)})`);
  }
  for (const iface of ['trading', 'wallet']) {
    if ((argv[`primary-${iface}`] === undefined) !== (argv[`candidate-${iface}`] === undefined)) throw new Error(`--primary-${iface} and --candidate-${iface} go together: the ${iface} interface is compared on both sides or on neither`);
    if (argv[`secondary-${iface}`] !== undefined && argv[`primary-${iface}`] === undefined) throw new Error(`--secondary-${iface} needs --primary-${iface}: the secondary is a second copy of the primary, to learn the noise from`);
  }
  if (URLS.every((name) => argv[name] === undefined)) throw new Error('Give --primary-trading and --candidate-trading, or --primary-wallet and --candidate-wallet (or both pairs)');
  return true;
}

function checkTolerances(argv: Record<string, unknown>): true {
  for (const name of ['tolerance', 'time-tolerance']) {
    const value = argv[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number of at least 0 (got ${JSON.stringify(value)})`);
  }
  return true;
}

const DESCRIBE = 'Compare a candidate deployment with the primary on recorded traffic (or the checker\'s run), answer by answer';

function builder(y: Argv) {
  return y
    .usage(`$0 diff [options]\n\n${DESCRIBE}`)
    .epilogue('Each request of the recording is sent, in order, to both sides (with --check, each side gets the checker\'s run of one seed and the runs\' requests are paired in order); the answers are compared as the interfaces read them '
      + '(status, envelope, each field\'s type, decimal scale, date format, listings\' membership and order, Content-Type); identifiers a target mints are paired, not compared. '
      + 'Each difference is seed (one side breaks a documented rule: the side is named), decision (both lawful: the decision point, old → new), unexplained, or noise (a moving value within the tolerance, or a field the secondary, if given, showed differ). '
      + 'Exit status 0: no seed difference (with --strict: no difference but noise); 1: one; 2: a usage problem, a recording that cannot be read, a side that gives no answer or refuses the keys; '
      + '130 or 143: stopped by SIGINT or SIGTERM, the lines and files asked for written of what was compared, marked partial.')
    .option('primary-trading', { type: 'string', describe: 'Base URL of the trading deployment in production (without /api/v1)' })
    .option('primary-wallet', { type: 'string', describe: 'Base URL of the wallet deployment in production (without /api/v1)' })
    .option('candidate-trading', { type: 'string', describe: 'Base URL of the trading deployment to compare with it' })
    .option('candidate-wallet', { type: 'string', describe: 'Base URL of the wallet deployment to compare with it' })
    .option('secondary-trading', { type: 'string', describe: 'Base URL of a second copy of the primary trading deployment (called with the primary\'s keys; with --check, a third run of the checker): what differs between the two is noise, a moving value\'s tolerance learned from it' })
    .option('secondary-wallet', { type: 'string', describe: 'Base URL of a second copy of the primary wallet deployment, as --secondary-trading' })
    .option('from-har', { type: 'string', array: true, describe: 'The recording to replay (doppel proxy --har, or a browser\'s HAR); several files (the HARs of proxies behind one balancer) are one stream, in the order their exchanges ended' })
    .option('check', { type: 'boolean', describe: 'Instead of a recording, run doppel check\'s own generated run on each side (one --seed): the requests are paired in order, their answers compared, and a rule the checker finds broken on one side only is a seed difference on that side' })
    .option('seed', { type: 'number', defaultDescription: 'random, printed', describe: 'With --check: the seed of both runs (the same seed against targets that answer alike sends the same requests)' })
    .option('runs', { type: 'number', defaultDescription: '100', describe: 'With --check: generated cases per property (doppel check --runs)' })
    .option('rate-limit', { type: 'boolean', describe: 'With --check: also send the 61st wallet request of a minute on one key (doppel check --rate-limit)' })
    .option('concurrency', { type: 'number', describe: 'With --check and --allow-writes: the race checks fire N (2 to 16) overlapping requests on each side' })
    .option('wallet-rate-limit', { type: 'number', defaultDescription: '60', describe: 'With --check: the wallet limit per key and minute of both sides, when it differs from the documented 60' })
    .option('only', { type: 'string', array: true, describe: 'With --check: run only these check ids (comma-separated or repeated)' })
    .option('profiles', { type: 'string', array: true, describe: 'Compare two deployment profiles instead (the primary\'s and the candidate\'s, as --learn writes them): the decision points whose value changed' })
    .option('trading-key', { type: 'string', describe: 'API-KEY for both sides; a recording\'s $DOPPEL_TRADING_KEY stands for it' })
    .option('trading-read-key', { type: 'string', describe: 'Read-only API-KEY; a recording\'s $DOPPEL_TRADING_READ_KEY (or the second trading key it masked) stands for it' })
    .option('wallet-key', { type: 'string', array: true, describe: 'X-API-Key (repeat for more); the wallet keys a recording masked ($DOPPEL_WALLET_KEY, then numbered) stand for them in order' })
    .option('trading-ip-locked-key', { type: 'string', describe: 'API-KEY whose address whitelist excludes the caller, for both sides: with --check, the whitelist checks (trading §5.6); a recording\'s $DOPPEL_TRADING_IP_LOCKED_KEY stands for it' })
    .option('candidate-trading-ip-locked-key', { type: 'string', describe: 'The candidate\'s own --trading-ip-locked-key, where it differs' })
    .option('candidate-trading-key', { type: 'string', describe: 'The candidate\'s own --trading-key, where it differs' })
    .option('candidate-trading-read-key', { type: 'string', describe: 'The candidate\'s own --trading-read-key, where it differs' })
    .option('candidate-wallet-key', { type: 'string', array: true, describe: 'The candidate\'s own --wallet-key values, where they differ' })
    .option('allow-writes', { type: 'boolean', default: false, describe: 'Also replay the recording\'s writes (orders, copies, users, wallets, sends) on both sides; else they are skipped and counted. With --check: the checker\'s writes, each side\'s plan printed first' })
    .option('tolerance', { type: 'number', default: 0.0001, describe: 'Relative difference of two numbers (prices, amounts) taken as noise' })
    .option('time-tolerance', { type: 'number', default: 2, describe: 'Seconds two times may be apart and be noise' })
    .option('strict', { type: 'boolean', default: false, describe: 'Decision and unexplained differences fail the comparison too (else only seed differences do)' })
    .option('json', { type: 'string', describe: 'Write the differences as JSON to this file (a missing folder is created)' })
    .option('html', { type: 'string', describe: 'Write a self-contained HTML page to this file: each request whose answers differ, the two answers side by side, the differing fields highlighted' })
    .option('show-secrets', { type: 'boolean', default: false, describe: 'Show keys and tokens in the lines and the report (default: as $DOPPEL_TRADING_KEY etc.)' })
    .implies('candidate-trading-key', 'trading-key')
    .implies('candidate-trading-read-key', 'trading-read-key')
    .implies('candidate-wallet-key', 'wallet-key')
    .implies('candidate-trading-ip-locked-key', 'trading-ip-locked-key')
    .check(checkInteger({ seed: [0], runs: [1], 'wallet-rate-limit': [1], concurrency: [2, 16] }))
    .check(checkSource)
    .check(checkTolerances)
    .check(checkReportFiles(['json', 'html']))
    .check(checkInputFiles('from-har'));
}

type DiffArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

export const diffCommand: CommandModule<object, DiffArgs> = {
  command: 'diff',
  describe: DESCRIBE,
  builder,
  async handler(argv) {
    const options: DiffCliOptions = {
      fromHar: argv.fromHar?.map((f) => file(f) as string),
      check: argv.check,
      seed: argv.seed,
      runs: argv.runs,
      rateLimit: argv.rateLimit,
      concurrency: argv.concurrency,
      walletRateLimit: argv.walletRateLimit,
      only: idList(argv.only),
      profiles: argv.profiles ? [file(argv.profiles[0]) as string, file(argv.profiles[1]) as string] : undefined,
      primary: { trading: argv.primaryTrading, wallet: argv.primaryWallet },
      candidate: { trading: argv.candidateTrading, wallet: argv.candidateWallet },
      secondary: (argv.secondaryTrading ?? argv.secondaryWallet) !== undefined ? { trading: argv.secondaryTrading, wallet: argv.secondaryWallet } : undefined,
      tradingKey: argv.tradingKey,
      tradingReadKey: argv.tradingReadKey,
      walletKeys: argv.walletKey,
      tradingIpLockedKey: argv.tradingIpLockedKey,
      candidateTradingIpLockedKey: argv.candidateTradingIpLockedKey,
      candidateTradingKey: argv.candidateTradingKey,
      candidateTradingReadKey: argv.candidateTradingReadKey,
      candidateWalletKeys: argv.candidateWalletKey,
      allowWrites: argv.allowWrites,
      strict: argv.strict,
      tolerance: argv.tolerance,
      timeTolerance: argv.timeTolerance,
      json: file(argv.json),
      html: file(argv.html),
      showSecrets: argv.showSecrets,
    };
    const { runDiffCli } = await import('../../diff/index.js');
    process.exitCode = await runDiffCli(options);
  },
};
