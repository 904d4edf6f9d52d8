// `doppel fixtures`: deterministic JSON fixtures and a loadable state for both interfaces (issue 6).
import type { Argv, CommandModule } from 'yargs';
import type { FixturesOptions } from '../../fixtures/index.js';
import { checkInteger } from '../integer-check.js';

function builder(y: Argv) {
  return y
    .option('seed', { type: 'number', default: 1, describe: 'Seed; the same seed gives byte-identical output' })
    .option('out', { type: 'string', normalize: true, demandOption: true, describe: 'Directory to write the fixtures to' })
    .option('users', { type: 'number', describe: 'Number of users (wallet) and accounts (trading)' })
    .option('orders', { type: 'number', describe: 'Number of trading orders' })
    .option('wallets', { type: 'number', describe: 'Number of wallets' })
    .option('transactions', { type: 'number', describe: 'Number of wallet transactions' })
    .check(checkInteger({ seed: [0], users: [0], orders: [0], wallets: [0], transactions: [0] }));
}

/** The parsed options, as the builder declares them (the handler gets them camelCased too). */
type FixturesArgs = ReturnType<typeof builder> extends Argv<infer T> ? T : never;

export const fixturesCommand: CommandModule<object, FixturesArgs> = {
  command: 'fixtures',
  describe: 'Write deterministic fixtures and a loadable state for both interfaces',
  builder,
  async handler(argv) {
    const options: FixturesOptions = {
      seed: argv.seed,
      out: argv.out,
      users: argv.users,
      orders: argv.orders,
      wallets: argv.wallets,
      transactions: argv.transactions,
    };
    const { writeFixtures } = await import('../../fixtures/index.js');
    await writeFixtures(options);
  },
};
