// bin/: the `doppel` command line, as a yargs builder that tests can drive without a process.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yargs, { type Argv } from 'yargs';
import { checkCommand } from './commands/check.js';
import { fixturesCommand } from './commands/fixtures.js';
import { mockCommand } from './commands/mock.js';

/** Exit status of a usage problem (unknown command or flag, bad value), as issue 5 asks of check. */
const USAGE_EXIT = 2;
const COMMANDS = ['mock', 'check', 'fixtures'];

/** package.json's version, from bin/ (source) or dist/bin/ (built). */
function version(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, '..'), join(here, '..', '..')]) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'doppel' && pkg.version) return pkg.version;
    }
  }
  return 'unknown';
}

/**
 * yargs lists an unknown `--trading-prot` twice, as `trading-prot, tradingProt`; keep the spelling
 * the user typed.
 */
function withoutCamelTwins(message: string): string {
  const match = /^Unknown arguments?: (.*)$/s.exec(message);
  if (!match?.[1]) return message;
  const names = match[1].split(', ');
  const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const kept = names.filter((name) => !names.some((other) => other !== name && camel(other) === name));
  return `Unknown argument${kept.length === 1 ? '' : 's'}: ${kept.join(', ')}`;
}

/**
 * The `doppel` parser for `args` (without the node and script paths). A usage error rejects
 * parse/parseAsync with an Error whose `exitCode` is 2 and whose message says what to fix; errors
 * thrown by a command's handler pass through unchanged.
 */
export function buildCli(args: readonly string[]): Argv {
  let suggestion = '';
  return yargs([...args])
    .scriptName('doppel')
    .usage('$0 <command> [options]')
    .command(mockCommand)
    .command(checkCommand)
    .command(fixturesCommand)
    .demandCommand(1, 'Name a command: mock, check or fixtures.')
    .strict()
    .recommendCommands()
    .help()
    .alias('help', 'h')
    .version(version())
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .epilogue('Run doppel <command> --help for the options of a command.')
    .fail((message: string | undefined, error: Error | undefined) => {
      // yargs calls this for its own validation (message set) and for errors from handlers and
      // .check() (error set). Handler errors keep their own exit code.
      if (error && !message) throw error;
      // recommendCommands reports "Did you mean mock?" first; strict then reports the unknown
      // command itself. Keep the suggestion for that second, fuller message.
      if (message?.startsWith('Did you mean')) {
        suggestion = `\n${message}`;
        return;
      }
      const command = args.find((arg) => COMMANDS.includes(arg));
      const help = command ? `doppel ${command} --help` : 'doppel --help';
      throw Object.assign(new Error(`${withoutCamelTwins(message ?? error?.message ?? 'invalid usage')}${suggestion}\nSee ${help}.`), {
        exitCode: USAGE_EXIT,
      });
    });
}
