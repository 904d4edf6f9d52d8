// `npm run test:languages` (in .ci/run, not in `npm test`, which needs nothing outside npm): the
// Python and Go blocks of the client developers' guide run, each as a complete program, against
// the single executable (dist/sea/doppel-linux-x64: `npm run build:sea` first) with only python3
// or go on PATH, so nothing in them can reach a node. Python blocks import examples/python's
// helper (PYTHONPATH), Go blocks are a `main` package in a module that requires examples/go's.
// code-blocks.test.ts keeps every such block marked as run here.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, codeBlocks } from '../docs/support/doc-pages.js';

const GUIDE = 'docs/guides/client-developers.md';
const EXECUTABLE = join(ROOT, 'dist', 'sea', 'doppel-linux-x64');
const blocks = codeBlocks(GUIDE).filter((b) => b.lang === 'python' || b.lang === 'go');
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

beforeAll(() => {
  expect(existsSync(EXECUTABLE), `${EXECUTABLE} is missing: npm run build:sea`).toBe(true);
  work = mkdtempSync(join(tmpdir(), 'doppel-guide-languages-'));
  bin = join(work, 'bin');
  mkdirSync(bin);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** An environment whose PATH holds only the given tool, and no DOPPEL: the blocks run the executable. */
function envWith(tool: string, path: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!existsSync(join(bin, tool))) symlinkSync(path, join(bin, tool));
  const env: NodeJS.ProcessEnv = { HOME: work, PATH: bin, ...extra };
  return env;
}

describe('the Python and Go blocks of the client developers guide', () => {
  it('there are some of each', () => {
    expect(blocks.filter((b) => b.lang === 'python').length).toBeGreaterThan(0);
    expect(blocks.filter((b) => b.lang === 'go').length).toBeGreaterThan(0);
  });

  it.each(blocks.filter((b) => b.lang === 'python').map((b) => [where(b.line), b] as const))('%s runs with python3', async (_name, block) => {
    const python = which('python3', ['/usr/bin/python3']);
    const env = envWith('python3', python, { PYTHONPATH: join(ROOT, 'examples', 'python'), PYTHONDONTWRITEBYTECODE: '1' });
    const { code, output } = await run(python, ['-'], { cwd: work, env, input: block.content });
    expect(code, `${where(block.line)} exited ${String(code)}\n--- output\n${output}`).toBe(0);
  }, 60_000);

  it.each(blocks.filter((b) => b.lang === 'go').map((b) => [where(b.line), b] as const))('%s runs with go', async (_name, block) => {
    const go = which('go');
    const dir = mkdtempSync(join(work, 'go-block-'));
    // A module of its own that requires the example's, from the checkout (no network: a local replace).
    writeFileSync(join(dir, 'go.mod'), `module docblock\n\ngo 1.19\n\nrequire doppel.example/goclient v0.0.0\n\nreplace doppel.example/goclient => ${join(ROOT, 'examples', 'go')}\n`);
    writeFileSync(join(dir, 'main.go'), block.content);
    const env = envWith('go', go, { GOCACHE: join(work, 'gocache'), GOPATH: join(work, 'gopath'), GOFLAGS: '-mod=mod', GOPROXY: 'off', CGO_ENABLED: '0' });
    const { code, output } = await run(go, ['run', '.'], { cwd: dir, env });
    expect(code, `${where(block.line)} exited ${String(code)}\n--- output\n${output}`).toBe(0);
  }, 180_000);
});
