// The `doppel` command line: every command has --help listing its options, and
// unknown flags or commands fail with exit status 2 and a message that says what to fix.
import { execFile } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { doppelCommand, type DoppelCommand } from '../robustness/built-cli.js';

import { run } from './run-cli.js';

const OPTIONS = {
  mock: ['--host', '--trading-port', '--wallet-port', '--seed', '--clock', '--wallet-rate-limit', '--fixtures',
    '--state', '--admin-token', '--log-level'],
  // The option names other tooling relies on (bin/commands/check.ts), name for name.
  check: ['--trading-url', '--trading-key', '--trading-read-key', '--trading-ip-locked-key', '--wallet-url', '--wallet-key', '--allow-writes',
    '--rate-limit', '--strict', '--seed', '--runs', '--json', '--junit',
    // And those that make a verdict trustworthy and its reports usable.
    '--wallet-rate-limit', '--require-all', '--only', '--skip', '--list-checks', '--html', '--replay', '--show-secrets', '--quiet'],
  fixtures: ['--seed', '--out', '--users', '--orders', '--wallets', '--transactions'],
};

describe('doppel --help', () => {
  it('lists the three commands', async () => {
    const { exitCode, output } = await run(['--help']);
    expect(exitCode).toBe(0);
    for (const command of ['mock', 'check', 'fixtures']) expect(output).toMatch(new RegExp(`doppel ${command}\\b`));
    expect(output).toContain('--version');
  });

  it.each(Object.entries(OPTIONS))('doppel %s --help lists every option', async (command, options) => {
    const { exitCode, output } = await run([command, '--help']);
    expect(exitCode).toBe(0);
    for (const option of options) expect(output, `${command} --help lacks ${option}`).toMatch(new RegExp(`${option}\\b`));
  });

  it('shows the documented defaults of mock', async () => {
    const { output } = await run(['mock', '--help']);
    for (const value of ['"127.0.0.1"', '4010', '4020', '"realtime"', '60']) expect(output).toContain(`[default: ${value}]`);
  });

  it('prints the version of package.json', async () => {
    const { exitCode, output } = await run(['--version']);
    expect(exitCode).toBe(0);
    expect(output.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('doppel usage errors exit 2', () => {
  it('an unknown flag names the flag and the help to read', async () => {
    const { exitCode, message } = await run(['mock', '--trading-prot', '4011']);
    expect(exitCode).toBe(2);
    expect(message).toBe('Unknown argument: trading-prot. Did you mean --trading-port? (see doppel mock --help)');
  });

  it('an unknown flag of check', async () => {
    const { exitCode, message } = await run(['check', '--allow-write']);
    expect(exitCode).toBe(2);
    expect(message).toBe('Unknown argument: allow-write. Did you mean --allow-writes? (see doppel check --help)');
  });

  it('every command suggests the option nearest an unknown one, as for commands', async () => {
    expect((await run(['mock', '--port', '4010'])).message).toBe('Unknown argument: port. Did you mean --trading-port or --wallet-port? (see doppel mock --help)');
    expect((await run(['proxy', '--trading-targt', 'http://x.test'])).message).toBe('Unknown argument: trading-targt. Did you mean --trading-target? (see doppel proxy --help)');
    expect((await run(['fixtures', '--out', 'x', '--seeed', '1'])).message).toBe('Unknown argument: seeed. Did you mean --seed? (see doppel fixtures --help)');
    expect((await run(['check', '--sed=1', '--quiett'])).message).toBe('Unknown arguments: sed, quiett. Did you mean --seed for --sed; --quiet for --quiett? (see doppel check --help)');
    // Nothing near: no guess; a stray word is not an option.
    expect((await run(['mock', '--zzzzzzzz'])).message).toBe('Unknown argument: zzzzzzzz (see doppel mock --help)');
    expect((await run(['mock', 'seed'])).message).toBe('Unknown argument: seed (see doppel mock --help)');
  });

  it('an unknown command, with a suggestion', async () => {
    const { exitCode, message } = await run(['mok']);
    expect(exitCode).toBe(2);
    expect(message).toBe('Unknown argument: mok. Did you mean mock? (see doppel --help)');
  });

  it('no command at all', async () => {
    const { exitCode, message } = await run([]);
    expect(exitCode).toBe(2);
    expect(message).toContain('Name a command');
  });

  it('a value out of range or of the wrong kind', async () => {
    expect((await run(['mock', '--trading-port', '70000'])).message).toContain('--trading-port must be an integer from 0 to 65535');
    expect((await run(['mock', '--seed', 'abc'])).exitCode).toBe(2);
    expect((await run(['mock', '--clock', 'fast'])).message).toMatch(/Invalid values:[\s\S]*clock/);
    expect((await run(['check', '--trading-url', 'localhost:4010'])).message).toContain('--trading-url must be an http');
  });

  it('fixtures without --out', async () => {
    const { exitCode, message } = await run(['fixtures']);
    expect(exitCode).toBe(2);
    expect(message).toMatch(/Missing required argument: out/);
  });
});

// The built executable (or the single executable named by DOPPEL_EXECUTABLE): the same statuses from a process.
let doppel: DoppelCommand;
beforeAll(() => {
  doppel = doppelCommand();
}, 120_000);

function spawnDoppel(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(doppel.file, [...doppel.args, ...args], { timeout: 20_000, env: { ...doppel.env, ...env } }, (_error, stdout, stderr) => {
      resolve({ code: child.exitCode, stdout, stderr });
    });
  });
}

describe('the doppel executable', () => {
  it('--help exits 0', async () => {
    const { code, stdout } = await spawnDoppel(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain(`${doppelCommand().name} mock`);
  });

  it('an unknown flag exits 2 with the message on stderr', async () => {
    const { code, stderr } = await spawnDoppel(['check', '--bogus']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown argument: bogus/);
  });

  it('an unknown command exits 2', async () => {
    const { code, stderr } = await spawnDoppel(['serve']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown argument: serve/);
  });
});
