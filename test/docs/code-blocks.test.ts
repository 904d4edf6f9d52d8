// Every fenced code block of README.md, docs/guides/*.md and docs/reference/*.md is an example that
// works, or says why it cannot run here. The conventions (docs writers: follow these):
//
// - ```sh (or ```bash) runs with `set -eo pipefail` in a fresh empty folder, against one
//   `doppel mock` this test starts on free ports (127.0.0.1, port 0). `localhost:4010` and
//   `localhost:4020` (or 127.0.0.1:…) in the block are rewritten to its ports; `doppel` and
//   `npx doppel` run the built dist/bin/doppel.js (any other `npx` is refused). The mock is reset
//   before each block (state, clock, journal, fault rules, namespaces): every block stands alone.
// - Expected output: a ```text block that follows a runnable sh block with nothing but blank lines
//   between is that block's expected stdout. `…` matches anything (within a line or across lines),
//   a run of whitespace matches any whitespace or none (curl prints JSON without a newline); the
//   output must contain it. Any other ```text block is output or content shown as is.
// - ```ts is type-checked against the package's real exports (the built dist/*.d.ts, as
//   `doppel/mock`, `doppel/browser`, … resolve for a user) and then run with node, each block on
//   its own; assertions (node:assert) make it check something. Blocks are complete modules.
// - ```json must parse; a deployment profile (`"doppel_profile"`) must load.
// - A block that cannot run here is fenced with a reason: ```sh no-run: needs a real deployment.
//   A ts block so marked is still type-checked. Any other language, or a block with no language,
//   fails this test.
// - ```python and ```go blocks need what `npm test` does not have: each is marked no-run with a
//   reason naming `npm run test:languages`, which runs them (test/languages/guide-blocks.test.ts,
//   in .ci/run); only the client developers' guide may have them, since that test reads only it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProfile } from '../../spec/index.js';
import { ensureBuilt } from '../robustness/built-cli.js';
import { ROOT, codeBlocks, docPages, type CodeBlock } from './support/doc-pages.js';

const BLOCKS = docPages().flatMap((page) => codeBlocks(page));
const SHELL = new Set(['sh', 'bash']);
const LANGS = new Set([...SHELL, 'ts', 'text', 'json']);
/** Languages whose blocks test/languages/guide-blocks.test.ts runs (`npm run test:languages`), from this page. */
const LANGUAGES_RUN_ELSEWHERE = new Set(['python', 'go']);
const LANGUAGES_GUIDE = 'docs/guides/client-developers.md';
const where = (b: CodeBlock) => `${b.file}:${b.line}`;

/** The ```text block right after a runnable sh block (only blank lines between): its expected output. */
function expectedOutput(block: CodeBlock): string | undefined {
  const next = BLOCKS[BLOCKS.indexOf(block) + 1];
  if (!next || next.file !== block.file || next.lang !== 'text') return undefined;
  return next.line === block.endLine + 1 || next.line === block.endLine + 2 ? next.content : undefined;
}

/** The expected text as a pattern: `…` is anything, whitespace is any whitespace or none. */
function outputPattern(expected: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = expected
    .trim()
    .split('…')
    .map((part) => part.split(/\s+/).map(escape).join('\\s*'))
    .join('[\\s\\S]*?');
  return new RegExp(source);
}

const shBlocks = BLOCKS.filter((b) => SHELL.has(b.lang) && b.noRun === undefined);
const tsBlocks = BLOCKS.filter((b) => b.lang === 'ts');

describe('code blocks of README and docs', () => {
  it('each block has a known language, and one that cannot run says why', () => {
    expect(BLOCKS.length).toBeGreaterThan(20);
    const problems = BLOCKS.flatMap((b) => {
      if (b.extra !== '') return [`${where(b)}: unknown marker "${b.extra}" (use no-run: <reason>)`];
      if (b.noRun !== undefined && b.noRun.length < 10) return [`${where(b)}: no-run needs a reason`];
      if (b.noRun === undefined && !LANGS.has(b.lang)) return [`${where(b)}: a ${b.lang || 'language-less'} block is neither runnable (sh, ts, json) nor text nor marked no-run: <reason>`];
      if (LANGUAGES_RUN_ELSEWHERE.has(b.lang) && (b.file !== LANGUAGES_GUIDE || !b.noRun?.includes('npm run test:languages'))) {
        return [`${where(b)}: a ${b.lang} block runs only in ${LANGUAGES_GUIDE}, marked no-run: … npm run test:languages runs it`];
      }
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('json blocks parse, and a deployment profile loads', () => {
    const json = BLOCKS.filter((b) => b.lang === 'json' && b.noRun === undefined);
    for (const block of json) {
      let value: unknown;
      expect(() => (value = JSON.parse(block.content)), where(block)).not.toThrow();
      if (typeof value === 'object' && value !== null && 'doppel_profile' in value) expect(() => readProfile(value), where(block)).not.toThrow();
    }
  });
});

/** Runs a shell script; never rejects. */
function sh(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `set -eo pipefail\n${script}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(shBlocks.length === 0)('sh blocks run against doppel mock', () => {
  let work = '';
  let trading = '';
  let wallet = '';
  let env: NodeJS.ProcessEnv = {};
  let mock: ReturnType<typeof spawn> | undefined;

  beforeAll(async () => {
    const bin = ensureBuilt();
    work = mkdtempSync(join(tmpdir(), 'doppel-docs-sh-'));
    const shims = join(work, 'bin');
    mkdirSync(shims);
    writeFileSync(join(shims, 'doppel'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
    writeFileSync(join(shims, 'npx'), `#!/bin/sh\nif [ "$1" = doppel ]; then shift; exec "${process.execPath}" "${bin}" "$@"; fi\necho "npx $1: only npx doppel runs in the docs test (mark the block no-run: <reason>)" >&2\nexit 127\n`);
    chmodSync(join(shims, 'doppel'), 0o755);
    chmodSync(join(shims, 'npx'), 0o755);
    env = { ...process.env, PATH: `${shims}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
    mock = spawn(process.execPath, [bin, 'mock', '--trading-port', '0', '--wallet-port', '0', '--log-level', 'error'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const urls = await new Promise<{ trading: string; wallet: string }>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`doppel mock did not start: ${out}`)), 20_000);
      mock!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const t = /trading interface ready at (http:\/\/\S+)/.exec(out);
        const w = /wallet interface ready at (http:\/\/\S+)/.exec(out);
        if (t?.[1] && w?.[1]) {
          clearTimeout(timer);
          resolve({ trading: t[1], wallet: w[1] });
        }
      });
      mock!.on('exit', (code) => reject(new Error(`doppel mock exited ${String(code)}: ${out}`)));
    });
    trading = urls.trading;
    wallet = urls.wallet;
  });

  afterAll(async () => {
    if (mock && mock.exitCode === null) {
      const exited = new Promise((resolve) => mock!.once('exit', resolve));
      mock.kill('SIGTERM');
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Back to the state the mock started with: every block stands alone. */
  async function reset(): Promise<void> {
    const call = async (method: string, path: string) => {
      // An admin client: every write as JSON (docs/guides/security.md).
      const res = await fetch(`${trading}${path}`, { method, headers: { 'content-type': 'application/json' } });
      expect(res.status, `${method} ${path}`).toBe(200);
      return (await res.json()) as { data: { namespaces?: Array<{ name: string }> } };
    };
    await call('POST', '/__doppel/reset');
    await call('DELETE', '/__doppel/faults');
    const { data } = await call('GET', '/__doppel/namespaces');
    for (const ns of data.namespaces ?? []) if (ns.name !== 'default') await call('DELETE', `/__doppel/namespaces/${encodeURIComponent(ns.name)}`);
    await call('DELETE', '/__doppel/requests');
  }

  const local = (text: string) =>
    text.replace(/\b(?:localhost|127\.0\.0\.1):4010\b/g, trading.slice('http://'.length)).replace(/\b(?:localhost|127\.0\.0\.1):4020\b/g, wallet.slice('http://'.length));

  it.each(shBlocks.map((b) => [where(b), b] as const))('%s', async (_name, block) => {
    await reset();
    const cwd = mkdtempSync(join(work, 'block-'));
    const { code, stdout, stderr } = await sh(local(block.content), cwd, env);
    const shown = `\n--- block\n${block.content}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`;
    expect(code, `${where(block)} exited ${String(code)}${shown}`).toBe(0);
    const expected = expectedOutput(block);
    if (expected !== undefined) expect(stdout.replace(/\r\n/g, '\n'), `${where(block)}: output differs from the text block after it${shown}`).toMatch(outputPattern(local(expected)));
  });
});

describe.skipIf(tsBlocks.length === 0)('ts blocks type-check against the package exports and run', () => {
  let work = '';
  const fileOf = new Map<CodeBlock, string>();

  beforeAll(() => {
    ensureBuilt();
    work = mkdtempSync(join(tmpdir(), 'doppel-docs-ts-'));
    // A user's project: doppel installed (a link to this package, so its exports and dist/ answer),
    // msw and the test runners (doppel/vitest, doppel/jest, doppel/playwright) beside it, @types/node; ES modules.
    mkdirSync(join(work, 'node_modules'));
    symlinkSync(ROOT, join(work, 'node_modules', 'doppel'), 'dir');
    for (const dep of ['msw', '@types', 'vitest', '@playwright', '@jest']) symlinkSync(join(ROOT, 'node_modules', dep), join(work, 'node_modules', dep), 'dir');
    writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    mkdirSync(join(work, 'src'));
    tsBlocks.forEach((block, i) => {
      const name = `${block.file.replace(/[^a-z0-9]+/gi, '-')}-${block.line}-${i}.ts`;
      fileOf.set(block, name);
      // `export {}` makes every block a module of its own, as it would be in a user's file.
      writeFileSync(join(work, 'src', name), `${block.content}\nexport {};\n`);
    });
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('type-check', () => {
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      rootDir: join(work, 'src'),
      outDir: join(work, 'out'),
    };
    const program = ts.createProgram([...fileOf.values()].map((f) => join(work, 'src', f)), options);
    const emitted = program.emit();
    const byFile = new Map([...fileOf].map(([block, name]) => [join(work, 'src', name), block]));
    const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      const block = d.file ? byFile.get(d.file.fileName) : undefined;
      if (!d.file || !block || d.start === undefined) return `${d.file?.fileName ?? ''}: ${message}`;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${block.file}:${block.line + 1 + line}: TS${d.code}: ${message}`;
    });
    expect(problems).toEqual([]);
  });

  it.each(tsBlocks.filter((b) => b.noRun === undefined).map((b) => [where(b), b] as const))('%s runs', async (_name, block) => {
    const js = join(work, 'out', (fileOf.get(block) as string).replace(/\.ts$/, '.js'));
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [js], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.on('close', (code) => resolve({ code, output }));
    });
    expect(result.code, `${where(block)} exited ${String(result.code)}\n--- block\n${block.content}\n--- output\n${result.output}`).toBe(0);
  });
});
