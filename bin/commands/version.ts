// `doppel version`: the version, as --version and -v print it (a habit of many tools' users).
import type { CommandModule } from 'yargs';
import { version } from '../package-version.js';

export const versionCommand: CommandModule = {
  command: 'version',
  describe: 'Print the version, as --version (-v) does',
  handler() {
    process.stdout.write(`${version()}\n`);
  },
};
