// `doppel fixtures`: deterministic JSON fixtures and a loadable state for both interfaces.
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { FixturesOptions } from '../../fixtures/index.js';
import { checkFolders, checkInteger } from '../option-checks.js';

/**
 * The generator's default sizes (DEFAULT_SIZES in fixtures/generate-state.ts), repeated here so
 * that --help can show them without loading the generator; test/bin/cli.test.ts keeps them equal.
 */
export const FIXTURE_SIZE_DEFAULTS = { users: 12, orders: 400, wallets: 30, transactions: 240 } as const;

function builder(y: Argv) {
  return y
    .option('seed', { type: 'number', default: 1, describe: 'Seed; the same seed gives byte-identical output' })
    .option('out', { type: 'string', demandOption: true, describe: 'Directory to write the fixtures to' })
    .option('users', { type: 'number', default: FIXTURE_SIZE_DEFAULTS.users, describe: 'Number of users (wallet) and accounts (trading)' })
    .option('orders', { type: 'number', default: FIXTURE_SIZE_DEFAULTS.orders, describe: 'Number of trading orders' })
    .option('wallets', { type: 'number', default: FIXTURE_SIZE_DEFAULTS.wallets, describe: 'Number of wallets' })
    .option('transactions', { type: 'number', default: FIXTURE_SIZE_DEFAULTS.transactions, describe: 'Number of wallet transactions' })
    .check(checkInteger({ seed: [0], users: [0], orders: [0], wallets: [0], transactions: [0] }))
    .check(checkFolders({ out: { mustExist: false } }))
    .epilogue('Writes state.json (load it with doppel mock --fixtures DIR), manifest.json (counts and credentials) and '
      + 'responses/ (a response body per operation and documented status).');
}

/** The parsed options, as the builder declares them (the handler gets them camelCased too). */
type FixturesArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

interface Manifest {
  counts: { trading_accounts: number; orders: number; wallet_users: number; wallets_by_chain: Record<string, number>; transactions_by_status: Record<string, number> };
}

/** One line on what was written, from the manifest the generator wrote. */
export async function fixturesSummary(out: string, seed: number): Promise<string> {
  const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
  const responses = (JSON.parse(await readFile(join(out, 'responses', 'index.json'), 'utf8')) as { responses: unknown[] }).responses.length;
  const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);
  const c = manifest.counts;
  return `doppel fixtures: wrote ${out} (seed ${seed}): state.json with ${c.trading_accounts} trading accounts, ${c.orders} orders, `
    + `${c.wallet_users} wallet users, ${sum(c.wallets_by_chain)} wallets, ${sum(c.transactions_by_status)} transactions; `
    + `${responses} response fixtures; credentials in manifest.json`;
}

export const fixturesCommand: CommandModule<object, FixturesArgs> = {
  command: 'fixtures',
  describe: 'Write deterministic fixtures and a loadable state for both interfaces',
  builder,
  async handler(argv) {
    const options: FixturesOptions = {
      seed: argv.seed,
      out: normalize(argv.out),
      users: argv.users,
      orders: argv.orders,
      wallets: argv.wallets,
      transactions: argv.transactions,
    };
    const { writeFixtures } = await import('../../fixtures/index.js');
    await writeFixtures(options);
    console.log(await fixturesSummary(options.out, options.seed));
  },
};
