// `npm run test:release` (in .ci/run after npm run build:release; not in `npm test`, which builds no
// executable): the release archive as a team without Node gets it. Unpacked with tar into an empty
// folder, it checks out with `sha256sum -c`, holds what its README lists, documents the system
// needs the executable really has, and its README's sh blocks run in order from that folder with a
// PATH that has no node (python3 and go are Debian's, as .ci/run installs them).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../cluster/nginx-fleet.js';
import { codeBlocks } from '../docs/support/doc-pages.js';
import { ROOT } from '../robustness/built-cli.js';
import { pathWithoutNode } from './path-without-node.js';
import { RELEASE_DIR, releaseArchive, unpackRelease, type ReleaseArchive } from './release-archive.js';
import { ScriptRunner } from './script-runner.js';

let archive: ReleaseArchive;
let work = '';
let folder = '';
let env: NodeJS.ProcessEnv = {};
const runner = new ScriptRunner();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

beforeAll(() => {
  archive = releaseArchive();
  work = mkdtempSync(join(tmpdir(), 'doppel-release-'));
  folder = unpackRelease(archive, work);
  env = {
    PATH: pathWithoutNode(join(work, 'bin')),
    HOME: work,
    PYTHONDONTWRITEBYTECODE: '1',
    GOCACHE: join(work, 'gocache'),
    GOPATH: join(work, 'gopath'),
    GOPROXY: 'off',
    CGO_ENABLED: '0',
  };
});

afterAll(async () => {
  await runner.stopAll();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the release archive', () => {
  it('is listed with its checksum in dist/release/SHA256SUMS', () => {
    const out = execFileSync('sha256sum', ['-c', '--ignore-missing', 'SHA256SUMS'], { cwd: RELEASE_DIR, encoding: 'utf8' });
    expect(out).toContain(`${archive.name}.tar.xz: OK`);
  });

  it('holds the executable, the README, the licences, the wheel, the Go module and the example suites, each in its SHA256SUMS', () => {
    const files = filesUnder(folder).map((f) => relative(folder, f)).sort();
    const wheel = `doppel_stub-${archive.version}-py3-none-manylinux_2_28_x86_64.whl`;
    for (const expected of ['doppel', 'README.md', 'LICENSE', 'LICENSE.node', 'THIRD-PARTY-NOTICES.md', 'SHA256SUMS', wheel,
      'doppeltest/go.mod', 'doppeltest/server.go', 'doppeltest/stub.go', 'python/shop_client.py', 'python/test_shop_client.py',
      'go/go.mod', 'go/shopclient/client_test.go']) {
      expect(files).toContain(expected);
    }
    // The helpers main replaced, and the checkout's READMEs, are not in it.
    expect(files.filter((f) => /doppel_mock\.py|conftest\.py|doppelmock|README\.md$/.test(f))).toEqual(['README.md']);
    expect(readFileSync(join(folder, 'go', 'go.mod'), 'utf8')).toMatch(/^replace doppel\.example\/doppeltest => \.\.\/doppeltest$/m);
    // The wheel holds this very executable.
    const inWheel = execFileSync('python3', ['-c', 'import hashlib,sys,zipfile\nprint(hashlib.sha256(zipfile.ZipFile(sys.argv[1]).read("doppel_stub/bin/doppel-linux-x64")).hexdigest())', join(folder, wheel)], { encoding: 'utf8', maxBuffer: 1 << 20 }).trim();
    expect(inWheel).toBe(createHash('sha256').update(readFileSync(join(folder, 'doppel'))).digest('hex'));
    const summed = readFileSync(join(folder, 'SHA256SUMS'), 'utf8').trim().split('\n').map((line) => line.slice(66)).sort();
    expect(summed).toEqual(files.filter((f) => f !== 'SHA256SUMS'));
    expect(statSync(join(folder, 'doppel')).mode & 0o777).toBe(0o755);
  });

  it('checks out with sha256sum -c, with no node on PATH', () => {
    expect(execFileSync('bash', ['-c', 'command -v node npm npx || true'], { env, encoding: 'utf8' })).toBe('');
    const out = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: folder, env, encoding: 'utf8' });
    expect(out).toContain('doppel: OK');
    expect(out).not.toMatch(/FAILED/);
  });

  it('carries the licences of what the executable bundles', () => {
    expect(readFileSync(join(folder, 'LICENSE'), 'utf8')).toMatch(/MIT License/);
    expect(readFileSync(join(folder, 'LICENSE.node'), 'utf8')).toMatch(/Node\.js is licensed for use as follows/);
    const notices = readFileSync(join(folder, 'THIRD-PARTY-NOTICES.md'), 'utf8');
    for (const name of ['yargs', 'ajv', 'undici', 'fast-check']) expect(notices).toMatch(new RegExp(`^## ${name} \\d`, 'm'));
  });

  it('carries none of the builder\'s paths', () => {
    const builder = Buffer.from(ROOT.replace(/\/$/, ''));
    const carrying = filesUnder(folder).filter((f) => readFileSync(f).includes(builder)).map((f) => relative(folder, f));
    expect(carrying).toEqual([]);
  });

  it('documents the system needs the executable has: glibc 2.28, libstdc++, no strip', () => {
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    const symbols = execFileSync('objdump', ['-T', join(folder, 'doppel')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const newest = (prefix: string) => [...symbols.matchAll(new RegExp(`${prefix}_(\\d+(?:\\.\\d+)+)`, 'g'))].map((m) => m[1] as string)
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).at(-1);
    expect(newest('GLIBC')).toBe('2.28');
    expect(readme).toContain('glibc 2.28 or later');
    const needed = [...execFileSync('readelf', ['-d', join(folder, 'doppel')], { encoding: 'utf8' }).matchAll(/\(NEEDED\).*\[(.+)\]/g)].map((m) => m[1]);
    expect(needed.filter((lib) => !/^(lib(c|m|dl|pthread|gcc_s|stdc\+\+)|ld-linux-x86-64)\.so/.test(lib as string))).toEqual([]);
    expect(readme).toContain('libstdc++');
    expect(readme).toContain('Do not strip\nthe executable: it breaks it.');
  });

  it('is right to warn against strip: a stripped copy crashes at start', () => {
    const copy = join(work, 'stripped');
    execFileSync('cp', [join(folder, 'doppel'), copy]);
    spawnSync('strip', [copy], { stdio: 'ignore' });
    const result = spawnSync(copy, ['--version'], { env, encoding: 'utf8' });
    expect(result.signal).toBe('SIGSEGV');
    rmSync(copy);
  });

  it('runs its README\'s sh blocks in order, from the unpacked folder, with no node on PATH', async () => {
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    const blocks = codeBlocks('README.md', readme).filter((b) => b.lang === 'sh');
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    expect(blocks.filter((b) => b.noRun !== undefined)).toEqual([]);
    // The README's fixed ports, as a user runs it, become free ones here.
    const trading = await freePort();
    let wallet = await freePort();
    while (wallet === trading) wallet = await freePort();
    const script = blocks.map((b) => b.content).join('\n').replaceAll('4010', String(trading)).replaceAll('4020', String(wallet));
    const { code, output } = await runner.run(script, { cwd: folder, env, timeoutMs: 170_000 });
    expect(code, output).toBe(0);
    expect(output).toContain('"currency":"BTC"');
    expect(output).toMatch(/PASSED: \d+ passed, 0 failed/);
    expect(output).toMatch(/\d+ passed in /);
    expect(output).toMatch(/^ok\s+doppel\.example\/goclient\/shopclient/m);
  }, 180_000);
});
