// `npm run test:languages` (in .ci/run, not in `npm test`, which needs nothing outside npm): the
// Python, Go and shell blocks of the client developers' guide that say so run, each on its own,
// against the single executable (dist/sea/doppel-linux-x64: `npm run build:sea`) and the wheel
// (dist/release/doppel_stub-*.whl: `npm run build:wheel`), with only python3, go and the
// executable on PATH, so nothing in them can reach a node. A Python block is a script, or a pytest
// file when it defines a test, run in a venv with the wheel installed; a Go block is a `main`
// program, or a test file when it has a Test function, in a module that requires
// clients/go/doppeltest through a replace directive; a shell block runs in a module folder `app`
// beside a folder `doppel` (this checkout), with the wheel in it. code-blocks.test.ts keeps every
// Python and Go block marked as run here.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, codeBlocks } from '../docs/support/doc-pages.js';

const GUIDE = 'docs/guides/client-developers.md';
const EXECUTABLE = join(ROOT, 'dist', 'sea', 'doppel-linux-x64');
const RELEASE = join(ROOT, 'dist', 'release');
const all = codeBlocks(GUIDE);
const python = all.filter((b) => b.lang === 'python');
const go = all.filter((b) => b.lang === 'go');
const shell = all.filter((b) => (b.lang === 'sh' || b.lang === 'bash') && b.noRun?.includes('npm run test:languages'));
const where = (line: number) => `${GUIDE}:${line}`;

/** A tool's real path from PATH (Debian's python3 first: it is the one python3-pytest installs into). */
function which(tool: string, prefer: string[] = []): string {
  for (const candidate of [...prefer, ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, tool))]) {
    if (candidate.startsWith('/') && existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error(`${tool} is not installed (.ci/run installs it with apt-get)`);
}

function run(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], timeout: 180_000 });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(options.input ?? '');
  });
}

let work = '';
let bin = '';
let wheel = '';
let venv: Promise<string> | undefined;

beforeAll(() => {
  expect(existsSync(EXECUTABLE), `${EXECUTABLE} is missing: npm run build:sea`).toBe(true);
  wheel = (existsSync(RELEASE) ? readdirSync(RELEASE) : []).find((f) => /^doppel_stub-.*\.whl$/.test(f)) ?? '';
  expect(wheel, `no doppel_stub wheel in ${RELEASE}: npm run build:wheel`).not.toBe('');
  work = mkdtempSync(join(tmpdir(), 'doppel-guide-languages-'));
  bin = join(work, 'bin');
  mkdirSync(bin);
  symlinkSync(EXECUTABLE, join(bin, 'doppel-linux-x64'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** An environment whose PATH holds only the executable and the given tools, and no DOPPEL. */
function envWith(tools: Record<string, string>, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  for (const [tool, path] of Object.entries(tools)) if (!existsSync(join(bin, tool))) symlinkSync(path, join(bin, tool));
  return { HOME: work, PATH: bin, PYTHONDONTWRITEBYTECODE: '1', ...extra };
}

const goEnv = () => ({ GOCACHE: join(work, 'gocache'), GOPATH: join(work, 'gopath'), GOFLAGS: '-mod=mod', GOPROXY: 'off', CGO_ENABLED: '0' });

/** A venv with the wheel installed offline (pytest from Debian's python3-pytest, through the system site). */
function venvWithWheel(): Promise<string> {
  venv ??= (async () => {
    const dir = join(work, 'venv');
    const env = envWith({ python3: which('python3', ['/usr/bin/python3']) });
    for (const [file, args] of [
      [join(bin, 'python3'), ['-m', 'venv', '--system-site-packages', dir]],
      [join(dir, 'bin', 'pip'), ['install', '--quiet', '--no-index', '--disable-pip-version-check', join(RELEASE, wheel)]],
    ] as const) {
      const { code, output } = await run(file, [...args], { cwd: work, env });
      if (code !== 0) throw new Error(`${file} ${args.join(' ')} exited ${String(code)}:\n${output}`);
    }
    return join(dir, 'bin', 'python3');
  })();
  return venv;
}

describe('the Python, Go and shell blocks of the client developers guide', () => {
  it('there are some of each', () => {
    expect(python.length).toBeGreaterThan(0);
    expect(go.length).toBeGreaterThan(0);
    expect(shell.length).toBeGreaterThan(0);
  });

  it.each(python.map((b) => [where(b.line), b] as const))('%s runs with the wheel installed', async (_name, block) => {
    const interpreter = await venvWithWheel();
    const env = envWith({ python3: which('python3', ['/usr/bin/python3']) });
    const dir = mkdtempSync(join(work, 'python-block-'));
    const pytest = /^def test_/m.test(block.content);
    if (pytest) writeFileSync(join(dir, 'test_block.py'), block.content);
    const args = pytest ? ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', '.'] : ['-'];
    const { code, output } = await run(interpreter, args, { cwd: dir, env, input: pytest ? '' : block.content });
    expect(code, `${where(block.line)} exited ${String(code)}\n--- output\n${output}`).toBe(0);
    if (pytest) expect(output).toMatch(/\b1 passed\b/);
  }, 120_000);

  it.each(go.map((b) => [where(b.line), b] as const))('%s runs with the module', async (_name, block) => {
    const dir = mkdtempSync(join(work, 'go-block-'));
    writeFileSync(join(dir, 'go.mod'), `module docblock\n\ngo 1.19\n\nrequire doppel.example/doppeltest v0.0.0\n\nreplace doppel.example/doppeltest => ${join(ROOT, 'clients', 'go', 'doppeltest')}\n`);
    const test = /^func Test\w*\(t \*testing\.T\)/m.test(block.content);
    writeFileSync(join(dir, test ? 'block_test.go' : 'main.go'), block.content);
    const env = envWith({ go: which('go') }, goEnv());
    const { code, output } = await run(join(bin, 'go'), test ? ['test', '-count=1', '-v', '.'] : ['run', '.'], { cwd: dir, env });
    expect(code, `${where(block.line)} exited ${String(code)}\n--- output\n${output}`).toBe(0);
    if (test) expect(output).toMatch(/^--- PASS: /m);
  }, 180_000);

  it.each(shell.map((b) => [where(b.line), b] as const))('%s runs beside a checkout and the wheel', async (_name, block) => {
    const dir = mkdtempSync(join(work, 'sh-block-'));
    mkdirSync(join(dir, 'app'));
    symlinkSync(ROOT, join(dir, 'doppel'));
    symlinkSync(join(RELEASE, wheel), join(dir, 'app', wheel));
    writeFileSync(join(dir, 'app', 'go.mod'), 'module app\n\ngo 1.19\n');
    const env = envWith({ python3: which('python3', ['/usr/bin/python3']), go: which('go'), bash: which('bash') }, goEnv());
    const { code, output } = await run(join(bin, 'bash'), ['-eo', 'pipefail'], { cwd: join(dir, 'app'), env, input: block.content });
    expect(code, `${where(block.line)} exited ${String(code)}\n--- output\n${output}`).toBe(0);
  }, 120_000);
});
