// `doppel check`: the conformance suite against URLs, or the embedded fake. The option names and
// exit statuses are a contract: other tooling relies on them.
import type { Argv, CommandModule } from 'yargs';
import type { CheckCliOptions } from '../../conformance/index.js';
import { checkInputFiles, checkInteger, checkJsonFile, checkReportFiles, file, idList } from '../option-checks.js';

function checkUrls(argv: { 'trading-url'?: string; 'wallet-url'?: string }): true {
  for (const name of ['trading-url', 'wallet-url'] as const) {
    const value = argv[name];
    if (value === undefined) continue;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`--${name} must be an http:// or https:// URL (got ${JSON.stringify(value)})`);
    }
  }
  return true;
}

/** A recording is judged as it is: options that shape the requests a run sends have nothing to act on. */
function checkFromHar(argv: Record<string, unknown>): true {
  if (argv['from-har'] === undefined) return true;
  const sending = ['trading-key', 'trading-read-key', 'trading-ip-locked-key', 'wallet-key', 'allow-writes', 'rate-limit', 'concurrency', 'seed', 'require-all', 'only', 'skip'].filter((name) => argv[name] !== undefined && argv[name] !== false);
  if (sending.length) throw new Error(`--from-har judges a recording and sends no request: ${sending.map((n) => `--${n}`).join(', ')} ${sending.length === 1 ? 'has' : 'have'} nothing to act on`);
  return true;
}

/** Overlapping requests are writes: against a URL they need --allow-writes (the embedded fake has writes on). */
function checkConcurrency(argv: Record<string, unknown>): true {
  if (argv['concurrency'] === undefined || argv['allow-writes'] || argv['from-har'] !== undefined) return true;
  if (argv['trading-url'] !== undefined || argv['wallet-url'] !== undefined) throw new Error('--concurrency sends overlapping writes: give --allow-writes too');
  return true;
}

const REPORTS = ['json', 'junit', 'html', 'replay', 'learn'];

const DESCRIBE = 'Check a deployment (or the embedded fake) against the documented contract';

function builder(y: Argv) {
  return y
    // A usage line of its own replaces the one yargs makes with the description: it goes under it.
    .usage(`$0 check [options]\n\n${DESCRIBE}`)
    // An epilogue, not usage text: yargs wraps usage text mid-word.
    .epilogue('With no URL, checks the embedded fake in-process; with one interface\'s URL, that interface alone. '
      + 'Exit status 0: no check failed (with --baseline: only failures in the baseline); 1: a check failed (with --require-all also: one was not exercised); '
      + '2: a usage, connection or preflight problem (a key rejected) or a report path that cannot be written, before any check runs; '
      + '130 or 143: stopped by SIGINT or SIGTERM, the reports asked for written of what was done, marked partial. Each wait (the wallet budget, a 429) is a line on stderr first.')
    .option('trading-url', { type: 'string', describe: 'Base URL of a trading deployment (without /api/v1)' })
    .option('trading-key', { type: 'string', describe: 'API-KEY holding read and trade (trade needed with --allow-writes)' })
    .option('trading-read-key', { type: 'string', describe: 'API-KEY holding read only; enables the 403 permission checks' })
    .option('trading-ip-locked-key', { type: 'string', describe: 'API-KEY whose address whitelist excludes the checker\'s address; enables the 403 whitelist checks (trading §5.6)' })
    .option('wallet-url', { type: 'string', describe: 'Base URL of a wallet deployment (without /api/v1)' })
    .option('wallet-key', { type: 'string', array: true, describe: 'X-API-Key of the wallet interface; repeat to spread requests over more keys (the first one\'s wallets are read and sent from)' })
    .option('allow-writes', { type: 'boolean', default: false, describe: 'Allow requests that move money or create things (orders, bids, copy, users, sends). The run starts at once: it prints what it will write, and nothing asks for confirmation' })
    .option('rate-limit', { type: 'boolean', default: false, describe: 'Also check that the 61st wallet request in a minute on one key gets 429' })
    .option('concurrency', { type: 'number', describe: 'Also run the race checks: N (2 to 16) overlapping requests that move money, reserve or register, judged as a history (needs --allow-writes against a URL; the plan lists them)' })
    .option('wallet-rate-limit', { type: 'number', default: 60, describe: 'The target\'s wallet limit per key and minute, when it differs from the documented 60' })
    .option('strict', { type: 'boolean', default: false, describe: 'Decision checks fail the run against any target too (else they are observations; seed checks always count)' })
    .option('profile', { type: 'string', describe: 'Decision checks compare with this profile\'s values instead of doppel\'s (a file --learn wrote); with no URL the embedded fake answers with it' })
    .option('baseline', { type: 'string', describe: 'Compare with an earlier --json report: only failures not in it fail the run (exit 1); known ones are reported as known, and its failures fixed since (or not re-checked this run) are listed. A report of another report format is refused (exit 2)' })
    .option('learn', { type: 'string', describe: 'Write what the target did at each decision point the run exercised to this file, as a profile (with evidence, masked)' })
    .option('from-har', { type: 'string', array: true, describe: 'Judge this HAR recording (doppel proxy --har, or a browser\'s) with the same checks, offline: no request is sent; --trading-url / --wallet-url then only say which origin is which interface. Several files (the HARs of proxies behind one balancer) are judged as one stream, in the order their exchanges ended; a file a killed proxy left unclosed is read up to its last whole entry' })
    .option('require-all', { type: 'boolean', default: false, describe: 'Fail the run when a check is not exercised (no key, no data, writes not allowed)' })
    .option('only', { type: 'string', array: true, describe: 'Run only these check ids (comma-separated or repeated)' })
    .option('skip', { type: 'string', array: true, describe: 'Skip these check ids (comma-separated or repeated)' })
    .option('list-checks', { type: 'boolean', default: false, describe: 'List the checks and exit' })
    .option('seed', { type: 'number', defaultDescription: 'random, printed', describe: 'Seed that reproduces a run: the same seed against the same target sends the same requests' })
    .option('runs', { type: 'number', default: 100, describe: 'Generated cases per property, and the random requests the run sends: all of them against the embedded fake, a fifth (at least 20) against a URL, read-only or not' })
    .option('json', { type: 'string', describe: 'Write a JSON report to this file (a missing folder is created)' })
    .option('junit', { type: 'string', describe: 'Write a JUnit XML report to this file (one testcase per check)' })
    .option('html', { type: 'string', describe: 'Write a self-contained HTML report to this file' })
    .option('replay', { type: 'string', describe: 'Write a shell script that re-sends every failure\'s requests (curl) to this file' })
    .option('show-secrets', { type: 'boolean', default: false, describe: 'Show keys in reports and curl lines (default: as $DOPPEL_TRADING_KEY etc.)' })
    .option('quiet', { type: 'boolean', default: false, describe: 'No progress lines; only failures and the summary' })
    .implies('trading-key', 'trading-url')
    .implies('trading-read-key', 'trading-url')
    .implies('trading-ip-locked-key', 'trading-url')
    .implies('wallet-key', 'wallet-url')
    .check(checkInteger({ seed: [0], runs: [1], 'wallet-rate-limit': [1], concurrency: [2, 16] }))
    .check(checkConcurrency)
    .check(checkUrls)
    .check(checkReportFiles(REPORTS))
    .check(checkJsonFile('profile'))
    .check(checkJsonFile('baseline'))
    .check(checkInputFiles('from-har'))
    .check(checkFromHar);
}

/** The parsed options, as the builder declares them (the handler gets them camelCased too). */
type CheckArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check',
  describe: DESCRIBE,
  builder,
  async handler(argv) {
    const options: CheckCliOptions = {
      tradingUrl: argv.tradingUrl,
      tradingKey: argv.tradingKey,
      tradingReadKey: argv.tradingReadKey,
      tradingIpLockedKey: argv.tradingIpLockedKey,
      walletUrl: argv.walletUrl,
      walletKeys: argv.walletKey,
      allowWrites: argv.allowWrites,
      rateLimit: argv.rateLimit,
      concurrency: argv.concurrency,
      walletRateLimit: argv.walletRateLimit,
      strict: argv.strict,
      requireAll: argv.requireAll,
      only: idList(argv.only),
      skip: idList(argv.skip),
      listChecks: argv.listChecks,
      seed: argv.seed,
      runs: argv.runs,
      json: file(argv.json),
      junit: file(argv.junit),
      html: file(argv.html),
      replay: file(argv.replay),
      learn: file(argv.learn),
      profile: file(argv.profile),
      baseline: file(argv.baseline),
      fromHar: argv.fromHar?.map((f) => file(String(f)) as string),
      showSecrets: argv.showSecrets,
      quiet: argv.quiet,
    };
    // Exit status: 0 when no check failed, 1 when one did, 2 for a usage, connection or preflight problem.
    const { runCheckCli } = await import('../../conformance/index.js');
    process.exitCode = await runCheckCli(options);
  },
};
