// npm run build:wheel: dist/release/doppel_stub-<version>-py3-none-manylinux_2_28_x86_64.whl, the
// Python package `doppel-stub` (clients/python/: a pytest plugin) holding the single executable.
// Built offline: Debian's python3-build and python3-hatchling with --no-isolation, so nothing is
// downloaded. The sources are copied into dist/wheel-build/ with the executable and its licences
// in the package's bin/, so the build leaves nothing in clients/python/. It builds the executable
// first when dist/sea/ has none.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sea = join(root, 'dist', 'sea');
const executable = join(sea, 'doppel-linux-x64');
const sources = join(root, 'clients', 'python');
const stage = join(root, 'dist', 'wheel-build');
const out = join(root, 'dist', 'release');

function fail(message) {
  console.error(`build-wheel: ${message}`);
  process.exit(1);
}

function run(file, args, options = {}) {
  const result = spawnSync(file, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) fail(`${file} ${args.join(' ')} failed (${result.error?.message ?? `exit ${String(result.status)}`})`);
}

const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const pyVersion = /^version = "([^"]+)"$/m.exec(readFileSync(join(sources, 'pyproject.toml'), 'utf8'))?.[1];
if (pyVersion !== version) fail(`clients/python/pyproject.toml says version ${String(pyVersion)}, package.json ${version}: make them equal`);

if (!existsSync(executable)) run('npm', ['run', 'build:sea'], { cwd: root });

// Debian's python3 first: python3-build and python3-hatchling are installed for it.
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const probe = spawnSync(python, ['-c', 'import build, hatchling'], { stdio: 'ignore' });
if (probe.status !== 0) fail(`${python} has no build or hatchling: apt-get install python3-build python3-hatchling`);

rmSync(stage, { recursive: true, force: true });
cpSync(sources, stage, { recursive: true, filter: (path) => !/(__pycache__|\.pytest_cache|[/\\]tests)$/.test(path) });
const bin = join(stage, 'src', 'doppel_stub', 'bin');
mkdirSync(bin, { recursive: true });
copyFileSync(executable, join(bin, 'doppel-linux-x64'));
chmodSync(join(bin, 'doppel-linux-x64'), 0o755);
for (const file of ['LICENSE.node', 'THIRD-PARTY-NOTICES.md']) copyFileSync(join(sea, file), join(bin, file));
copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));

mkdirSync(out, { recursive: true });
for (const old of readdirSync(out)) if (/^doppel_stub-.*\.whl$/.test(old)) rmSync(join(out, old));
// --skip-dependency-check: Debian's hatchling declares `editables`, which only editable installs
// use and Debian does not package; the wheel build never imports it.
run(python, ['-m', 'build', '--no-isolation', '--skip-dependency-check', '--wheel', '--outdir', out, stage], { env: { ...process.env, PIP_NO_INDEX: '1' } });
rmSync(stage, { recursive: true, force: true });

const wheel = readdirSync(out).find((f) => /^doppel_stub-.*\.whl$/.test(f));
if (!wheel) fail(`no wheel in ${out}`);
console.log(`build-wheel: dist/release/${wheel} (${(statSync(join(out, wheel)).size / 1e6).toFixed(1)} MB)`);
