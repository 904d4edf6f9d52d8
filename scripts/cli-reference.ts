// The CLI reference (docs/reference/cli.md), generated from the yargs command definitions in bin/:
// each command's builder runs against a recorder that keeps its usage, epilogue, options and
// implications, so the page says what `doppel <command> --help` says, option for option.
// test/docs/cli-reference.test.ts fails when the committed file differs (`npm run gen:docs`
// rewrites it).
import type { Argv, CommandModule, Options } from 'yargs';
import { COMMAND_MODULES, COMPLETION } from '../bin/index.js';

interface Recorded {
  usage?: string;
  epilogue?: string;
  options: Array<[string, Options]>;
  positionals: Array<[string, Options]>;
  implies: Array<[string, string]>;
}

/** Runs a command's builder against a stand-in for yargs that records what the builder declares. */
function record(command: CommandModule): Recorded {
  const recorded: Recorded = { options: [], positionals: [], implies: [] };
  const recorder: Argv = new Proxy({} as Argv, {
    get(_target, method: string) {
      return (...args: unknown[]) => {
        if (method === 'option') recorded.options.push([args[0] as string, (args[1] ?? {}) as Options]);
        if (method === 'positional') recorded.positionals.push([args[0] as string, (args[1] ?? {}) as Options]);
        // .options({ name: {...}, ... }): a table of them, in its order.
        if (method === 'options') recorded.options.push(...Object.entries(args[0] as Record<string, Options>));
        else if (method === 'usage') recorded.usage = args[0] as string;
        else if (method === 'epilogue' || method === 'epilog') recorded.epilogue = args[0] as string;
        else if (method === 'implies') recorded.implies.push([args[0] as string, args[1] as string]);
        return recorder;
      };
    },
  });
  if (typeof command.builder === 'function') command.builder(recorder);
  return recorded;
}

const code = (text: string): string => `\`${text}\``;

/**
 * What --help prints as plain text, as Markdown: flags, admin paths, the bearer header, a lone `*`
 * and variables become code (so that `/__doppel/` or `<token>` is not read as emphasis or HTML);
 * pipes are escaped for table cells.
 */
const CODE_LIKE = /(?:(?:GET|POST|PUT|DELETE) )?\/__doppel\/[^\s),;]*|Authorization: Bearer <token>|--[a-z][a-z0-9-]*|\$[A-Z_]+|(?<=\s)\*(?=\s)|<[a-z]+>/g;
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(CODE_LIKE, (m) => code(m)).replace(/\|/g, '\\|');
}

function kind(o: Options): string {
  if (o.choices) return (o.choices as readonly unknown[]).map((c) => code(String(c))).join(', ');
  const base = o.type ?? (o.boolean ? 'boolean' : o.number ? 'number' : 'string');
  return o.array ? `${base}, repeatable` : base;
}

function defaultOf(o: Options): string {
  if (o.demandOption) return 'required';
  if (o.defaultDescription !== undefined) return o.defaultDescription;
  if (o.default === undefined) return '';
  return code(String(o.default));
}

function optionRow(name: string, o: Options): string {
  // A boolean that defaults to true is turned off with --no-<name>, as yargs parses it.
  const flag = o.type === 'boolean' && o.default === true ? `${code(`--${name}`)}, ${code(`--no-${name}`)}` : code(`--${name}`);
  return `| ${flag} | ${kind(o)} | ${defaultOf(o)} | ${cell(o.describe ?? o.description ?? o.desc ?? '')} |`;
}

/** The command's name, without its positionals (`health [urls..]` → `health`). */
const nameOf = (command: CommandModule): string => String(command.command).split(' ')[0] ?? '';

function commandSection(command: CommandModule): string[] {
  const name = nameOf(command);
  const r = record(command);
  const out = [`## doppel ${name}`, '', `${cell(String(command.describe ?? ''))}.`, ''];
  // The usage's first line: the description under it in --help is the line above here.
  out.push('```text', (r.usage ?? `$0 ${String(command.command)} [options]`).split('\n')[0]?.replace('$0', 'doppel') ?? '', '```', '');
  if (r.epilogue) out.push(cell(r.epilogue), '');
  if (r.options.length === 0 && r.positionals.length === 0) return out;
  out.push('| option | type | default | description |', '|---|---|---|---|');
  for (const [positional, o] of r.positionals) out.push(`| ${code(`[${positional}]`)} | ${kind(o)} | | ${cell(o.describe ?? '')} |`);
  for (const [option, o] of r.options) out.push(optionRow(option, o));
  out.push('');
  for (const [option, needs] of r.implies) out.push(`- ${code(`--${option}`)} needs ${code(`--${needs}`)}.`);
  if (r.implies.length > 0) out.push('');
  return out;
}

/** The whole reference, as committed in docs/reference/cli.md. */
export function cliReferenceMarkdown(): string {
  const commands = COMMAND_MODULES as unknown as readonly CommandModule[];
  const out = [
    '# CLI reference',
    '',
    '<!-- Generated from the yargs definitions in bin/ by scripts/cli-reference.ts: edit those, then run',
    '     npm run gen:docs. test/docs/cli-reference.test.ts fails when this file is stale. -->',
    '',
    '`doppel <command> [options]`. Every command has `--help`, which shows what this page shows (its usage',
    'lines name the executable as it was run: `doppel-linux-x64` for the single executable).',
    'Options are checked before anything starts: an unknown command or flag, a value of the wrong kind',
    'or out of range (`--trading-port abc`), a flag given twice (except the repeatable ones) or the same',
    'port for both interfaces prints one line naming the option and exits 2.',
    '',
    '| command | does |',
    '|---|---|',
    ...commands.map((c) => `| [${code(`doppel ${nameOf(c)}`)}](#doppel-${nameOf(c)}) | ${cell(String(c.describe ?? ''))} |`),
    `| ${code(`doppel ${COMPLETION.command}`)} | ${cell(COMPLETION.describe)} |`,
    '',
    'Global options: `--help` (`-h`) shows the help of doppel or of a command; `--version` (`-v`) prints',
    'the version, as `doppel version` does.',
    '',
  ];
  for (const command of commands) out.push(...commandSection(command));
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
