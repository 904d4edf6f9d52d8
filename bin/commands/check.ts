// `doppel check`: the conformance suite against URLs, or the embedded fake (issue 5's CLI
// contract; other tooling relies on these option names).
import { normalize } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { CheckCliOptions } from '../../conformance/index.js';
import { checkInteger, checkOutputFiles } from '../option-checks.js';

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

function builder(y: Argv) {
  return y
    .usage('$0 check [options]')
    // An epilogue, not usage text: yargs wraps usage text mid-word.
    .epilogue('With no URL, checks the embedded fake in-process; with one interface\'s URL, that interface alone. '
      + 'Exit status 0: no check failed; 1: a check failed; 2: a usage or connection problem.')
    .option('trading-url', { type: 'string', describe: 'Base URL of a trading deployment (without /api/v1)' })
    .option('trading-key', { type: 'string', describe: 'API-KEY holding read and trade' })
    .option('trading-read-key', { type: 'string', describe: 'API-KEY holding read only; enables the 403 permission checks' })
    .option('wallet-url', { type: 'string', describe: 'Base URL of a wallet deployment (without /api/v1)' })
    .option('wallet-key', { type: 'string', describe: 'X-API-Key of the wallet interface' })
    .option('allow-writes', { type: 'boolean', default: false, describe: 'Allow requests that move money or create things (orders, bids, copy, users, sends)' })
    .option('rate-limit', { type: 'boolean', default: false, describe: 'Also check that the 61st wallet request in a minute gets 429' })
    .option('strict', { type: 'boolean', default: false, describe: 'Fail on doppel-decision checks too, not only on the seed documents\' rules' })
    .option('seed', { type: 'number', defaultDescription: 'random, printed', describe: 'Seed that reproduces a run exactly' })
    .option('runs', { type: 'number', default: 100, describe: 'Generated cases per property' })
    .option('json', { type: 'string', describe: 'Write a JSON report to this file' })
    .option('junit', { type: 'string', describe: 'Write a JUnit XML report to this file' })
    .check(checkInteger({ seed: [0], runs: [1] }))
    .check(checkUrls)
    .check(checkOutputFiles(['json', 'junit']));
}

/** The parsed options, as the builder declares them (the handler gets them camelCased too). */
type CheckArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check',
  describe: 'Check a deployment (or the embedded fake) against the documented contract',
  builder,
  async handler(argv) {
    const options: CheckCliOptions = {
      tradingUrl: argv.tradingUrl,
      tradingKey: argv.tradingKey,
      tradingReadKey: argv.tradingReadKey,
      walletUrl: argv.walletUrl,
      walletKey: argv.walletKey,
      allowWrites: argv.allowWrites,
      rateLimit: argv.rateLimit,
      strict: argv.strict,
      seed: argv.seed,
      runs: argv.runs,
      json: argv.json === undefined ? undefined : normalize(argv.json),
      junit: argv.junit === undefined ? undefined : normalize(argv.junit),
    };
    // Issue 5: 0 when no check failed, 1 when one did, 2 for a usage or connection problem.
    const { runCheckCli } = await import('../../conformance/index.js');
    process.exitCode = await runCheckCli(options);
  },
};
