// `doppel mock`'s options read without yargs: loading yargs and building its parser was ~40 ms of
// the ~90 ms between spawning `doppel mock` and its first answer that a bare node:http server does
// not spend (docs/guides/operating.md, start-up). The same option table and the same checks as
// the yargs command (bin/commands/mock.ts); it reads only the plain, valid forms and gives up on
// anything else (help, a typo, a repeated option, a value it does not read exactly as yargs does, a
// failing check), so that every message and exit status still comes from the one CLI.
import { parseArgs } from 'node:util';
import type { Arguments } from 'yargs';
import { MOCK_CHECKS, MOCK_OPTIONS, type MockArgs } from './commands/mock.js';
import { checkEveryOptionOnce } from './option-checks.js';

type Option = (typeof MOCK_OPTIONS)[keyof typeof MOCK_OPTIONS];

/** A number as yargs reads it too: plain decimal digits (yargs also takes 0x10, 1e3, 007; those go to it). */
const PLAIN_NUMBER = /^(?:0|[1-9][0-9]{0,14})$/;

const PARSE_OPTIONS = Object.fromEntries(
  Object.entries(MOCK_OPTIONS).map(([name, option]: [string, Option]) => [
    name,
    { type: 'type' in option && option.type === 'boolean' ? ('boolean' as const) : ('string' as const), ...('array' in option ? { multiple: true } : {}) },
  ]),
);

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The arguments after `mock` as yargs would hand them to the command's handler (each option under
 * its kebab and camel name, defaults filled in), or undefined when the full CLI must read them.
 */
export function quickMockArgs(args: readonly string[]): MockArgs | undefined {
  const parsed = parsedOrNothing(args);
  if (parsed === undefined) return undefined;
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') return undefined;
    // yargs reads `--cors --no-cors` and a repeated value its own way (checkEveryOptionOnce says which).
    if (seen.has(token.name) && !('array' in (MOCK_OPTIONS[token.name as keyof typeof MOCK_OPTIONS] ?? {}))) return undefined;
    seen.add(token.name);
  }
  const argv: Record<string, unknown> = { _: ['mock'], $0: 'doppel' };
  for (const [name, option] of Object.entries(MOCK_OPTIONS) as [string, Option][]) {
    let value: unknown = (parsed.values as Record<string, unknown>)[name] ?? ('default' in option ? option.default : undefined);
    if (value === undefined) continue;
    if ('type' in option && option.type === 'number' && typeof value === 'string') {
      if (!PLAIN_NUMBER.test(value)) return undefined;
      value = Number(value);
    }
    if ('choices' in option && !(option.choices as readonly unknown[]).includes(value)) return undefined;
    argv[name] = value;
    argv[camel(name)] = value;
  }
  try {
    for (const check of [checkEveryOptionOnce, ...MOCK_CHECKS]) check(argv as Arguments);
  } catch {
    return undefined;
  }
  return argv as MockArgs;
}

function parsedOrNothing(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: PARSE_OPTIONS, strict: true, allowPositionals: false, allowNegative: true, tokens: true });
  } catch {
    return undefined;
  }
}
