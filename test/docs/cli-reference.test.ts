// docs/reference/cli.md is generated from the yargs definitions in bin/ (scripts/cli-reference.ts):
// this test fails when the committed file is stale, and `npm run gen:docs` runs it with
// DOPPEL_UPDATE_DOCS=1, which rewrites the file instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliReferenceMarkdown } from '../../scripts/cli-reference.js';
import { run } from '../bin/run-cli.js';

const FILE = new URL('../../docs/reference/cli.md', import.meta.url);
const generated = cliReferenceMarkdown();

/** `--name` of every option row of one command's section. */
function documentedOptions(markdown: string, command: string): string[] {
  const start = markdown.indexOf(`\n## doppel ${command}\n`);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `--([a-z-]+)`/gm)].map((m) => m[1] as string);
}

describe('docs/reference/cli.md', () => {
  it('is current (npm run gen:docs regenerates it)', () => {
    if (process.env.DOPPEL_UPDATE_DOCS === '1') writeFileSync(FILE, generated);
    expect(readFileSync(FILE, 'utf8'), 'docs/reference/cli.md is stale: run npm run gen:docs').toBe(generated);
  });

  it('lists every command doppel --help lists', async () => {
    const { output } = await run(['--help']);
    const listed = [...output.matchAll(/^\s+doppel ([a-z]+)\b/gm)].map((m) => m[1] as string);
    expect(listed.length).toBeGreaterThan(2);
    for (const command of listed) expect(generated, `doppel ${command}`).toContain(`doppel ${command}\``);
  });

  it.each(['mock', 'check', 'fixtures'])('documents every option doppel %s --help lists, with its default and description', async (command) => {
    const { output } = await run([command, '--help']);
    const inHelp = [...output.matchAll(/^\s+--([a-z][a-z-]*)/gm)].map((m) => m[1] as string).filter((o) => o !== 'help' && o !== 'version');
    const documented = documentedOptions(generated, command);
    expect(inHelp.length).toBeGreaterThan(3);
    expect(documented.sort()).toEqual([...new Set(inHelp)].sort());
    for (const row of generated.split('\n').filter((l) => l.startsWith('| `--'))) expect(row, row).toMatch(/\| [^|]*[a-z][^|]* \|$/);
    expect(generated).toMatch(/\| `--trading-port` \| number \| `4010` \|/);
  });
});
