// Rough edges of the command line, one test each: options are checked
// before anything starts (one line, exit 2), start-up failures are one line naming what to change,
// file errors name the file, `doppel mock` says which state it loaded, `doppel fixtures` says what
// it wrote, --help shows defaults and wraps at word boundaries, and completion works.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SIZE_DEFAULTS } from '../../bin/commands/fixtures.js';
import { DEFAULT_SIZES } from '../../fixtures/index.js';
import { createFake } from '../../mock/index.js';
import { writeSnapshotFile } from '../../mock/snapshot-file.js';
import { doppelCommand, type DoppelCommand } from '../robustness/built-cli.js';

import { run } from './run-cli.js';

/** A usage error: exit 2 and one line that names the option and the help to read. */
async function usageError(args: string[]): Promise<string> {
  const { exitCode, message } = await run(args);
  expect(exitCode, `${args.join(' ')}: ${message}`).toBe(2);
  expect(message.split('\n'), 'one line').toHaveLength(1);
  expect(message).toMatch(/\(see doppel (mock |check |fixtures )?--help\)$/);
  return message;
}

let doppel: DoppelCommand;
const dir = mkdtempSync(join(tmpdir(), 'doppel-cli-'));

beforeAll(() => {
  doppel = doppelCommand();
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function spawnDoppel(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(doppel.file, [...doppel.args, ...args], { timeout: 30_000, env: { ...doppel.env, ...env } }, (_error, stdout, stderr) => {
      resolve({ code: child.exitCode, stdout, stderr });
    });
  });
}

/** Starts `doppel mock` on free ports, returns what it printed up to the ready lines, then stops it. */
function mockStartLines(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(doppel.file, [...doppel.args, 'mock', '--trading-port', '0', '--wallet-port', '0', '--log-level', 'error', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: doppel.env });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ready lines: ${out}`));
    }, 15_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (/wallet interface ready at/.test(out)) {
        clearTimeout(timer);
        child.once('exit', () => resolve(out));
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!/wallet interface ready at/.test(out)) reject(new Error(`exited ${code}: ${out}`));
    });
  });
}

describe('options are checked before anything starts', () => {
  it('a word where a number belongs names what was typed', async () => {
    expect(await usageError(['mock', '--trading-port', 'abc'])).toBe('--trading-port must be an integer from 0 to 65535 (got "abc") (see doppel mock --help)');
    expect(await usageError(['mock', '--wallet-port=x1'])).toContain('(got "x1")');
    expect(await usageError(['check', '--runs', 'many'])).toContain('--runs must be an integer ≥ 1 (got "many")');
    expect(await usageError(['fixtures', '--out', dir, '--users', 'lots'])).toContain('--users must be an integer ≥ 0 (got "lots")');
  });

  it('a repeated flag is refused, whatever its type', async () => {
    expect(await usageError(['mock', '--trading-port', '4761', '--trading-port', '70000'])).toContain('--trading-port is given 2 times (4761, 70000): give it once');
    expect(await usageError(['mock', '--clock', 'manual', '--clock', 'realtime'])).toContain('--clock is given 2 times');
    expect(await usageError(['mock', '--state', 'a.json', '--state', 'b.json'])).toContain('--state is given 2 times');
    expect(await usageError(['fixtures', '--out', 'a', '--out', 'b'])).toContain('--out is given 2 times (a, b)');
    expect(await usageError(['check', '--trading-url', 'http://a', '--trading-url', 'http://b'])).toContain('--trading-url is given 2 times');
  });

  it('the same port for both interfaces is refused (0, a free port each, is not)', async () => {
    expect(await usageError(['mock', '--trading-port', '5000', '--wallet-port', '5000'])).toContain('--trading-port and --wallet-port are both 5000');
    expect(await usageError(['mock', '--wallet-port', '4010'])).toContain('both 4010');
  });

  it('ranges', async () => {
    expect(await usageError(['mock', '--trading-port', '-1'])).toContain('--trading-port must be an integer from 0 to 65535 (got -1)');
    expect(await usageError(['mock', '--wallet-rate-limit', '0'])).toContain('--wallet-rate-limit must be an integer ≥ 1');
    expect(await usageError(['mock', '--seed', '1.5'])).toContain('--seed must be an integer ≥ 0 (got 1.5)');
    expect(await usageError(['fixtures', '--out', dir, '--orders', '-3'])).toContain('--orders must be an integer ≥ 0');
  });

  // A missing folder is created before the run; one that cannot be (a file on the path) is a usage error.
  it('a report file under a file, or that is a folder', async () => {
    const file = join(dir, 'report-parent-file');
    writeFileSync(file, 'x');
    expect(await usageError(['check', '--json', join(file, 'sub', 'r.json')])).toBe(`--json ${join(file, 'sub', 'r.json')}: ${file} is a file, not a folder (see doppel check --help)`);
    expect(await usageError(['check', '--junit', dir])).toBe(`--junit ${dir} is a folder, not a file (see doppel check --help)`);
  });

  it('folders and snapshot files of the right kind', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    expect(await usageError(['mock', '--fixtures', join(dir, 'missing')])).toBe(`--fixtures ${join(dir, 'missing')}: no such folder (see doppel mock --help)`);
    expect(await usageError(['mock', '--fixtures', file])).toContain(`--fixtures ${file} is a file, not a folder`);
    expect(await usageError(['mock', '--state', dir])).toContain(`--state ${dir} is a folder, not a file`);
    expect(await usageError(['fixtures', '--out', file])).toContain(`--out ${file} is a file, not a folder`);
  });

  it('the built CLI exits 2 without starting a listener', async () => {
    const { code, stdout, stderr } = await spawnDoppel(['mock', '--trading-port', '0', '--wallet-port', '0', '--seed', 'abc']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    const name = doppelCommand().name;
    expect(stderr.trim().split('\n')).toEqual([`doppel: --seed must be an integer ≥ 0 (got "abc") (see ${name} mock --help)`]);
  });
});

describe('start-up failures are one line', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => busy.close(resolve));
  });

  it('a port in use names the port and the option', async () => {
    const { code, stderr } = await spawnDoppel(['mock', '--trading-port', '0', '--wallet-port', String(port)]);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `doppel: port ${port} on 127.0.0.1 is already in use (--wallet-port): stop what listens there, or choose another port (0 = any free port)`,
    ]);
  });
});

describe('an address that is not on this machine', () => {
  it('is one line naming --host', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): documentation only, never a local address.
    const { code, stderr } = await spawnDoppel(['mock', '--host', '192.0.2.1', '--admin-token', 'token', '--trading-port', '0', '--wallet-port', '0']);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('doppel: cannot listen on --host 192.0.2.1: no such address on this machine (EADDRNOTAVAIL)');
  });
});

describe('file errors name the file', () => {
  it('a snapshot file that is not JSON', async () => {
    const file = join(dir, 'not-json.json');
    writeFileSync(file, 'nope\n');
    const { code, stderr } = await spawnDoppel(['mock', '--trading-port', '0', '--wallet-port', '0', '--state', file]);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`doppel: snapshot file ${file} is not JSON`);
  });

  it('a snapshot file that is JSON but no snapshot', async () => {
    const file = join(dir, 'other.json');
    writeFileSync(file, '{"doppel_snapshot": 7}\n');
    const { code, stderr } = await spawnDoppel(['mock', '--trading-port', '0', '--wallet-port', '0', '--state', file]);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^doppel: snapshot file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be loaded: doppel_snapshot`));
  });

  it('a fixtures directory without state.json', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty, { recursive: true });
    const { code, stderr } = await spawnDoppel(['mock', '--trading-port', '0', '--wallet-port', '0', '--fixtures', empty]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`doppel: cannot read snapshot file ${join(empty, 'state.json')}: no such file or directory`);
  });

  it('a state file that cannot be written names it', async () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'a file, not a directory');
    await expect(writeSnapshotFile(join(blocker, 'state.json'), { a: 1 })).rejects.toThrow(`cannot write snapshot file ${join(blocker, 'state.json')}: `);
  });
});

describe('doppel mock says which state it loaded', () => {
  it('--state FILE that exists', async () => {
    const file = join(dir, 'saved.json');
    await writeSnapshotFile(file, createFake({ seed: 3 }).exportState());
    expect(await mockStartLines(['--state', file])).toMatch(new RegExp(`^doppel state loaded from ${file.replace(/\./g, '\\.')}\\n`));
  });

  it('--state FILE that does not exist yet', async () => {
    const file = join(dir, 'later.json');
    const lines = await mockStartLines(['--state', file, '--seed', '7']);
    expect(lines).toContain(`doppel state file ${file} does not exist yet: starting from the demo data of seed 7; it will be written to ${file} on exit`);
  });

  it('--fixtures DIR', async () => {
    const fixtures = join(dir, 'fx');
    await writeSnapshotFile(join(fixtures, 'state.json'), createFake({ seed: 4 }).exportState());
    expect(await mockStartLines(['--fixtures', fixtures])).toContain(`doppel state loaded from ${join(fixtures, 'state.json')} (--fixtures)`);
  });
});

describe('doppel fixtures', () => {
  it('prints what it wrote', async () => {
    const out = join(dir, 'small');
    const { code, stdout } = await spawnDoppel(['fixtures', '--out', out, '--users', '2', '--orders', '0', '--wallets', '2', '--transactions', '2']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(new RegExp(`^doppel fixtures: wrote ${out} \\(seed 1\\): state\\.json with \\d+ trading accounts, 0 orders, \\d+ wallet users, \\d+ wallets, \\d+ transactions; \\d+ response fixtures; credentials in manifest\\.json$`));
  });

  // Sizes of 0 for users, wallets and transactions fail today inside the fixture generator
  // (fixtures/responses.ts needs a cast with a copy relation, a wallet and a funded send), which is
  // outside bin/; these flip to passing when the generator handles them, and then lose `.fails`.
  it.each([['--users'], ['--wallets'], ['--transactions']])('accepts %s 0', async (flag) => {
    const out = join(dir, `zero${flag}`);
    const { code } = await spawnDoppel(['fixtures', '--out', out, flag, '0']);
    expect(code).toBe(0);
  });

  it('accepts --orders 0', async () => {
    const { code } = await spawnDoppel(['fixtures', '--out', join(dir, 'zero-orders'), '--orders', '0']);
    expect(code).toBe(0);
  });
});

describe('--help', () => {
  it('shows the default sizes of fixtures, the generator\'s own', async () => {
    expect(FIXTURE_SIZE_DEFAULTS).toEqual(DEFAULT_SIZES);
    const { output } = await run(['fixtures', '--help']);
    for (const [name, value] of Object.entries(DEFAULT_SIZES)) expect(output).toMatch(new RegExp(`--${name} .*\\[default: ${value}\\]`));
  });

  it('shows what check does without a seed', async () => {
    expect((await run(['check', '--help'])).output).toContain('[default: random, printed]');
  });

  it.each(['mock', 'check', 'fixtures'])('doppel %s --help wraps at word boundaries', async (command) => {
    const { output } = await run([command, '--help']);
    // Every word of the descriptions survives the wrapping whole.
    const words = output.split(/\s+/).filter((w) => /^[a-z]{3,}[,.;:)]?$/i.test(w)).map((w) => w.replace(/[,.;:)]$/, '').toLowerCase());
    const source = ['commands/' + command + '.ts', 'index.ts'].map((f) => readFileSync(new URL(`../../bin/${f}`, import.meta.url), 'utf8')).join(' ');
    const known = new Set(source.toLowerCase().split(/[^a-z]+/));
    const broken = words.filter((w) => !known.has(w) && !['show', 'help', 'version', 'number', 'boolean', 'string', 'default', 'required', 'choices', 'options', 'doppel'].includes(w));
    expect(broken).toEqual([]);
    if (command === 'check') expect(output.replace(/\s+/g, ' ')).toContain("with one interface's URL, that interface alone.");
  });
});

describe('completion', () => {
  it('prints a bash script', async () => {
    const { code, stdout } = await spawnDoppel(['completion'], { SHELL: '/bin/bash' });
    expect(code).toBe(0);
    const name = doppelCommand().name;
    expect(stdout).toContain(`complete -o bashdefault -o default -F _${name}_yargs_completions ${name}`);
  });

  it('prints a zsh script', async () => {
    const { code, stdout } = await spawnDoppel(['completion'], { SHELL: '/usr/bin/zsh' });
    expect(code).toBe(0);
    const name = doppelCommand().name;
    expect(stdout).toContain(`compdef _${name}_yargs_completions ${name}`);
  });

  it('completes commands and the options of a command', async () => {
    const commands = await spawnDoppel(['--get-yargs-completions', 'doppel', '']);
    expect(commands.stdout.split('\n')).toEqual(expect.arrayContaining(['mock', 'check', 'fixtures']));
    const options = await spawnDoppel(['--get-yargs-completions', 'doppel', 'mock', '--']);
    expect(options.stdout.split('\n')).toEqual(expect.arrayContaining(['--trading-port', '--wallet-port', '--state', '--fixtures']));
  });
});

// A path that cannot be created is one line and exit 2 for every option that writes a file, at
// once: under /proc, Node's recursive mkdir never returns (it retries the parent forever), so
// these run as processes that the spawn's timeout would kill (exit null) if one hung.
describe.skipIf(process.platform !== 'linux')('output paths that cannot be created', () => {
  const cases: [string, string[]][] = [
    ['--out', ['fixtures', '--out', '/proc/nope/fixtures']],
    ['--out', ['fixtures', '--out', '/sys/nope']],
    ['--state', ['mock', '--trading-port', '0', '--wallet-port', '0', '--state', '/proc/nope/state.json']],
    ['--json', ['check', '--runs', '1', '--json', '/proc/nope/report.json']],
    ['--html', ['check', '--runs', '1', '--html', '/sys/nope/report.html']],
    ['--junit', ['check', '--runs', '1', '--junit', '/proc/nope/junit.xml']],
    ['--replay', ['check', '--runs', '1', '--replay', '/proc/nope/replay.sh']],
    ['--learn', ['check', '--runs', '1', '--learn', '/proc/nope/profile.json']],
    ['--har', ['proxy', '--trading-target', 'http://127.0.0.1:9', '--trading-port', '0', '--wallet-port', '0', '--har', '/proc/nope/traffic.har']],
  ];
  it('fixtures, mock, check and proxy: exit 2 with one line naming the option', async () => {
    const results = await Promise.all(cases.map(async ([flag, args]) => {
      const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(doppel.file, [...doppel.args, ...args], { timeout: 15_000, killSignal: 'SIGKILL', env: doppel.env }, (_error, out, err) => resolve({ code: child.exitCode, stdout: out, stderr: err }));
      });
      const lines = stderr.trim().split('\n');
      return { flag, code, lines: lines.length, named: lines[0]?.includes(flag) === true && /cannot be (created|written)/.test(lines[0] ?? ''), stdout, stderr };
    }));
    for (const result of results) expect(result, `${result.flag}: ${result.stderr}`).toMatchObject({ code: 2, lines: 1, named: true, stdout: '' });
  }, 60_000);
});
