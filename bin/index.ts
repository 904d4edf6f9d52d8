// bin/: the `doppel` command line, as a yargs builder that tests can drive without a process.
import { createRequire } from 'node:module';
import type { Argv, CommandModule } from 'yargs';

/**
 * yargs' CommonJS build: its help layout (cliui) wraps with wrap-ansi at word boundaries, where the
 * ES module build's cliui cuts words at the column ("that inter / face alone").
 */
const yargs = createRequire(import.meta.url)('yargs') as typeof import('yargs').default;
import { checkCommand } from './commands/check.js';
import { diffCommand } from './commands/diff.js';
import { fixturesCommand } from './commands/fixtures.js';
import { healthCommand } from './commands/health.js';
import { mockCommand } from './commands/mock.js';
import { proxyCommand } from './commands/proxy.js';
import { versionCommand } from './commands/version.js';
import { checkEveryOptionOnce } from './option-checks.js';
import { didYouMean } from './option-suggestions.js';
import { version } from './package-version.js';
import { reportFailure } from './report-failure.js';

/** Exit status of a usage problem (unknown command or flag, bad value): check's documented exit status, for every command. */
const USAGE_EXIT = 2;

/** Every command, in the order --help and docs/reference/cli.md (generated from these) list them. */
export const COMMAND_MODULES = [mockCommand, checkCommand, proxyCommand, diffCommand, fixturesCommand, healthCommand, versionCommand] as const;
/** The completion command's name and description (yargs builds it; docs/reference/cli.md lists it too). */
export const COMPLETION = { command: 'completion', describe: 'Print a bash/zsh completion script (doppel completion >> ~/.bashrc or ~/.zshrc)' } as const;
const COMMANDS = [...COMMAND_MODULES.map((c) => String(c.command).split(' ')[0]!), COMPLETION.command];
/** The commands a "Name a command" message suggests (not version and completion, which do no work of doppel's). */
const WORK_COMMANDS = COMMANDS.filter((c) => c !== 'version' && c !== COMPLETION.command);


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

/** What was typed for `--name` (`--name v`, `--name=v`), for messages about values yargs turned into NaN. */
function typed(args: readonly string[], name: string): string[] {
  const values: string[] = [];
  args.forEach((arg, i) => {
    if (arg === `--${name}` && i + 1 < args.length) values.push(args[i + 1] as string);
    else if (arg.startsWith(`--${name}=`)) values.push(arg.slice(name.length + 3));
  });
  return values;
}

/** `--seed must be … (got NaN)` becomes `(got "abc")`: the message names what the user typed. */
function withTypedValue(message: string, args: readonly string[]): string {
  const match = /^--([a-z-]+) must be .*\(got NaN\)$/.exec(message);
  const value = match?.[1] ? typed(args, match[1])[0] : undefined;
  return value === undefined ? message : message.replace('(got NaN)', `(got ${JSON.stringify(value)})`);
}

/** The option names of the command being parsed (yargs' getOptions, untyped in @types/yargs); [] without it. */
function optionNames(cli: Argv): string[] {
  const options = (cli as unknown as { getOptions?: () => { key?: Record<string, unknown> } }).getOptions?.();
  return Object.keys(options?.key ?? {});
}

/**
 * ". Did you mean --trading-port or --wallet-port?" for `Unknown argument: port` when `--port` was
 * typed as an option (an unknown word that is not an option gets no suggestion); '' otherwise.
 */
function optionSuggestion(text: string, args: readonly string[], options: readonly string[]): string {
  const match = /^Unknown arguments?: (.*)$/s.exec(text);
  if (!match?.[1]) return '';
  const typedAsOption = (name: string) => args.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`) || arg === `--no-${name}`);
  const unknown = match[1].split(', ').filter(typedAsOption);
  const sentence = didYouMean(unknown, options.filter((option) => !/[A-Z]/.test(option)));
  return sentence === '' ? '' : `. ${sentence}`;
}

/**
 * After a command's handler has started, yargs 17 renders that command's whole help text and keeps
 * it for a later showHelp() (its usage instance's cacheHelpMessage). doppel never shows help after
 * a handler ran (.fail() below throws one line instead), and for `doppel mock` that rendering (~10 ms
 * of cliui wrapping) sat between the spawn and the first answer, so it is skipped. A
 * yargs without that internal is left as it is.
 */
function withoutHelpCache(cli: Argv): Argv {
  type Usage = { cacheHelpMessage?: () => void };
  const internals = (cli as unknown as { getInternalMethods?: () => { getUsageInstance?: () => Usage | undefined } }).getInternalMethods?.();
  const usage = internals?.getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
  return cli;
}

/** `completion --help`: yargs prints the script for any command line naming its completion command, so then it is a plain command with help. */
const asksCompletionHelp = (args: readonly string[]): boolean => args[0] === COMPLETION.command && args.slice(1).some((arg) => arg === '--help' || arg === '-h');

/**
 * The `doppel` parser for `args` (without the node and script paths). A usage error rejects
 * parse/parseAsync with an Error whose `exitCode` is 2 and whose message says what to fix; errors
 * thrown by a command's handler pass through unchanged. `name` is the executable's as invoked
 * (`doppel-linux-x64` for the single executable), in usage lines and messages.
 */
export function buildCli(args: readonly string[], name = 'doppel'): Argv {
  let suggestion = '';
  const cli: Argv = withoutHelpCache(yargs([...args])).scriptName(name).usage('$0 <command> [options]');
  for (const command of COMMAND_MODULES) cli.command(command as CommandModule);
  if (asksCompletionHelp(args)) cli.command(COMPLETION.command, COMPLETION.describe, {}, () => undefined);
  else cli.completion(COMPLETION.command, COMPLETION.describe);
  return cli
    .demandCommand(1, `Name a command: ${WORK_COMMANDS.join(', ')}.`)
    .check(checkEveryOptionOnce, true)
    .strict()
    .recommendCommands()
    .help()
    .alias('help', 'h')
    .version(version())
    .alias('version', 'v')
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .epilogue(`Run ${name} <command> --help for the options of a command.`)
    .fail((message: string | undefined, error: Error | undefined) => {
      // yargs calls this for its own validation (message set) and for errors from handlers and
      // .check() (error set). Handler errors keep their own exit code.
      if (error && !message) throw error;
      // recommendCommands reports "Did you mean mock?" first; strict then reports the unknown
      // command itself. Keep the suggestion for that second, fuller message.
      if (message?.startsWith('Did you mean')) {
        suggestion = `. ${message}`;
        return;
      }
      const command = args.find((arg) => COMMANDS.includes(arg));
      const help = command ? `${name} ${command} --help` : `${name} --help`;
      const text = withTypedValue(withoutCamelTwins(message ?? error?.message ?? 'invalid usage'), args);
      if (suggestion === '') suggestion = optionSuggestion(text, args, optionNames(cli));
      // One line: what is wrong, and where the options are explained.
      throw Object.assign(new Error(`${text}${suggestion} (see ${help})`), {
        exitCode: USAGE_EXIT,
      });
    });
}

/**
 * Runs the command line and maps a failure to an exit status (a usage problem: 2), with one
 * `doppel: <message>` line on stderr. The one entry of both executables: dist/bin/doppel.js and the
 * single executable (bin/sea-main.ts).
 */
export async function runCli(args: readonly string[], name?: string): Promise<void> {
  try {
    await buildCli(args, name).parseAsync();
  } catch (error) {
    reportFailure(error);
  }
}
