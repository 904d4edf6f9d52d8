// npm run build:release: dist/release/doppel-<version>-linux-x64.tar.xz, what a team without Node
// downloads: one folder holding the single executable (as `doppel`), deploy/release/README.md, the
// licences build-sea.mjs writes beside the executable (doppel's, Node's, the bundled packages'),
// the wheel doppel-stub (npm run build:wheel: that same executable and a pytest plugin), the Go
// module clients/go/doppeltest (as doppeltest/), the example suites (examples/python as python/,
// examples/go as go/, its replace directive pointed at ../doppeltest), and a SHA256SUMS over all of
// it. dist/release/SHA256SUMS lists the archive itself, for checking the download
// (scripts/release-sums.mjs). `--reuse-sea` takes the executable npm run build:sea already wrote
// (.ci/run builds it once) instead of building it again. The wheel in dist/release/ is reused when
// it holds that executable, byte for byte; otherwise npm run build:wheel builds it again from it.
// The archive is reproducible: names sorted, owner root, every mtime the last commit's time.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReleaseSums } from './release-sums.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const sea = join(root, 'dist', 'sea');
const out = join(root, 'dist', 'release');
const name = `doppel-${pkg.version}-linux-x64`;
const stage = join(out, name);

function fail(message) {
  console.error(`build-release: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

if (!process.argv.includes('--reuse-sea')) run('npm', ['run', 'build:sea']);
const executable = join(sea, 'doppel-linux-x64');
if (!existsSync(executable)) fail(`${relative(root, executable)} is missing: npm run build:sea`);

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const wheelPattern = new RegExp(`^doppel_stub-${pkg.version.replaceAll('.', '\\.')}-.*\\.whl$`);
const findWheel = () => (existsSync(out) ? readdirSync(out).find((file) => wheelPattern.test(file)) : undefined);
/** The sha256 of the executable a wheel holds (doppel_stub/bin/doppel-linux-x64), read with python3's zipfile. */
function wheelExecutableSum(wheel) {
  const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const script = 'import hashlib,sys,zipfile\nprint(hashlib.sha256(zipfile.ZipFile(sys.argv[1]).read("doppel_stub/bin/doppel-linux-x64")).hexdigest())';
  const result = spawnSync(python, ['-c', script, join(out, wheel)], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
const executableSum = sha256(readFileSync(executable));
let wheel = findWheel();
if (wheel && wheelExecutableSum(wheel) === executableSum) {
  console.log(`build-release: reusing dist/release/${wheel} (it holds ${relative(root, executable)})`);
} else {
  console.log(`build-release: ${wheel ? `dist/release/${wheel} holds another executable` : 'no wheel in dist/release/'}: npm run build:wheel`);
  run('npm', ['run', 'build:wheel']);
  wheel = findWheel();
  if (!wheel || wheelExecutableSum(wheel) !== executableSum) fail(`npm run build:wheel wrote no wheel holding ${relative(root, executable)}`);
}

// The README names the archive by version: one written for another version would mislead.
const readme = readFileSync(join(root, 'deploy', 'release', 'README.md'), 'utf8');
const versions = new Set([...readme.matchAll(/doppel (\d+\.\d+\.\d+)|"(\d+\.\d+\.\d+)"|doppel\/(\d+\.\d+\.\d+)/g)].map((m) => m[1] ?? m[2] ?? m[3]));
if (versions.size !== 1 || !versions.has(pkg.version)) fail(`deploy/release/README.md names version ${[...versions].join(', ')}, package.json ${pkg.version}`);

rmSync(stage, { recursive: true, force: true });
rmSync(join(out, `${name}.tar.xz`), { force: true });
mkdirSync(stage, { recursive: true });

/** Copies a file into the staged folder (mode 644, or 755 for the executable). */
function place(from, to, mode = 0o644) {
  mkdirSync(dirname(join(stage, to)), { recursive: true });
  copyFileSync(from, join(stage, to));
  chmodSync(join(stage, to), mode);
}

place(executable, 'doppel', 0o755);
place(join(root, 'deploy', 'release', 'README.md'), 'README.md');
for (const file of ['LICENSE', 'LICENSE.node', 'THIRD-PARTY-NOTICES.md']) place(join(sea, file), file);
place(join(out, wheel), wheel);
// The Go module and the example suites, without the checkout's READMEs (they speak of its paths).
for (const [from, to] of [['clients/go/doppeltest', 'doppeltest'], ['examples/python', 'python'], ['examples/go', 'go']]) {
  for (const file of filesUnder(join(root, from))) {
    const rel = relative(join(root, from), file);
    if (rel === 'README.md' || rel.includes('__pycache__') || rel.endsWith('.pyc') || rel.includes('.pytest_cache')) continue;
    place(file, join(to, rel));
  }
}
// examples/go finds the module in the checkout (../../clients/go/doppeltest); here it is ../doppeltest.
const goMod = readFileSync(join(stage, 'go', 'go.mod'), 'utf8');
const replaced = goMod.replace(/^replace doppel\.example\/doppeltest => \S+$/m, 'replace doppel.example/doppeltest => ../doppeltest');
if (replaced === goMod || !replaced.includes('=> ../doppeltest')) fail('examples/go/go.mod has no replace directive for doppel.example/doppeltest');
writeFileSync(join(stage, 'go', 'go.mod'), replaced);

const files = filesUnder(stage).map((file) => relative(stage, file)).sort();
const sums = files.map((file) => `${sha256(readFileSync(join(stage, file)))}  ${file}\n`).join('');
writeFileSync(join(stage, 'SHA256SUMS'), sums);

const commitTime = spawnSync('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const mtime = /^\d+$/.test(commitTime) ? commitTime : String(Math.floor(Date.now() / 1000));
run('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', `--mtime=@${mtime}`, '-cf', `${name}.tar`, name], { cwd: out });
// Two threads: the 130 MB executable takes about a minute on one core; the stream stays one xz.
run('xz', ['-T2', '-6', '-f', `${name}.tar`], { cwd: out });
rmSync(stage, { recursive: true, force: true });
writeReleaseSums(out);

const archive = join(out, `${name}.tar.xz`);
console.log(`build-release: ${relative(root, archive)}: ${(statSync(archive).size / 1e6).toFixed(1)} MB, ${files.length + 1} files`);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}
