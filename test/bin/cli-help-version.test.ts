// Help and version as users reach for them: `completion --help` is help (not the script), `-v` and
// `version` print the version like --version, `check --help` and `proxy --help` carry their
// description line, and usage lines name the executable as it was run (`doppel-linux-x64`).
import { execFile } from 'node:child_process';
import { basename } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../bin/index.js';
import { version } from '../../bin/package-version.js';
import { doppelCommand, type DoppelCommand } from '../robustness/built-cli.js';

let doppel: DoppelCommand;

beforeAll(() => {
  doppel = doppelCommand();
}, 120_000);

function spawnDoppel(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(doppel.file, [...doppel.args, ...args], { timeout: 30_000, env: doppel.env }, (_error, stdout, stderr) => {
      resolve({ code: child.exitCode, stdout, stderr });
    });
  });
}

/** What yargs would print for a command line, in process (a usage error rejects). */
async function helpText(args: string[], name?: string): Promise<string> {
  let output = '';
  await buildCli(args, name).parseAsync(args, {}, (_error, _argv, text) => {
    output = text;
  });
  return output;
}

describe('help and version', () => {
  it('completion --help prints help, not the script', async () => {
    const { code, stdout } = await spawnDoppel(['completion', '--help']);
    expect(code).toBe(0);
    expect(stdout).not.toContain('yargs command completion script');
    expect(stdout).toMatch(/completion\n\nPrint a bash\/zsh completion script/);
    expect(stdout).toContain('--help');
  });

  it('-v and version print the version, as --version does', async () => {
    for (const args of [['-v'], ['version'], ['--version']]) {
      const { code, stdout, stderr } = await spawnDoppel(args);
      expect({ args, code, stdout, stderr }).toEqual({ args, code: 0, stdout: `${version()}\n`, stderr: '' });
    }
  });

  it('check --help and proxy --help have a description line under their usage', async () => {
    expect(await helpText(['check', '--help'])).toMatch(/^doppel check \[options\]\n\nCheck a deployment \(or the embedded fake\) against the documented contract\n/);
    expect(await helpText(['proxy', '--help'])).toMatch(/^doppel proxy --trading-target URL \[--wallet-target URL\] \[options\]\n\nCheck and record a deployment's real traffic: a reverse proxy that sends no request of its own\n/);
  });

  it('usage lines and messages name the executable as it was run', async () => {
    const help = await helpText(['--help'], 'doppel-linux-x64');
    expect(help).toMatch(/^doppel-linux-x64 <command> \[options\]/);
    expect(help).toContain('doppel-linux-x64 mock ');
    expect(await helpText(['mock', '--help'], 'doppel-linux-x64')).toMatch(/^doppel-linux-x64 mock\n/);
    await expect(async () => buildCli(['mock', '--trading-prot', '1'], 'doppel-linux-x64').parseAsync()).rejects.toThrow(/\(see doppel-linux-x64 mock --help\)$/);
    // The executable spawned here: `node dist/bin/doppel.js` is `doppel`; the single executable (DOPPEL_EXECUTABLE) its file's name.
    const { stdout } = await spawnDoppel(['check', '--help']);
    expect(stdout.split('\n')[0]).toBe(`${doppel.args.length > 0 ? 'doppel' : basename(doppel.file)} check [options]`);
  });
});
