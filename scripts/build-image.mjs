// npm run build:image: dist/release/doppel-<version>-linux-x64.oci.tar, a container image of the
// single executable, as an OCI archive (load it with `skopeo copy oci-archive:… docker-daemon:…`).
// Built here without pulling a base image: the root is made of the Debian packages the executable
// needs (libc6, libstdc++6, libgcc-s1, with gcc-N-base for their copyright) and ca-certificates, fetched with `apt-get download` from
// this machine's apt sources and unpacked with `dpkg -x` (no maintainer script runs: the CA bundle
// update-ca-certificates would write is written here). On it: the executable as
// /usr/local/bin/doppel, a user `doppel` (10001) it runs as, and a working folder it owns. umoci
// (Debian's package) writes the layer and the config: entrypoint doppel, command `mock --host
// 0.0.0.0`, which refuses to start without DOPPEL_ADMIN_TOKEN in the environment (bin/commands/mock.ts),
// ports 4010 and 4020. Needs root (the root's files are owned by root, /tmp is 1777),
// apt-get, dpkg, umoci and tar. `--reuse-sea` takes the executable npm run build:sea already wrote.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReleaseSums } from './release-sums.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, 'dist', 'release');
const name = `doppel-${pkg.version}-linux-x64`;
const archive = join(out, `${name}.oci.tar`);
const PACKAGES = ['libc6', 'libstdc++6', 'libgcc-s1', 'ca-certificates'];
const UID = 10001;
// Numeric, so that Kubernetes' runAsNonRoot can tell it is not root without reading /etc/passwd.
const USER = `${UID}:${UID}`;

function fail(message) {
  console.error(`build-image: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

if (process.getuid?.() !== 0) fail('needs root: the files of the image are owned by root');
for (const tool of ['apt-get', 'dpkg', 'umoci', 'tar', 'chroot']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) fail(`${tool} is missing${tool === 'umoci' ? ' (apt-get install umoci)' : ''}`);
}
if (!process.argv.includes('--reuse-sea')) run('npm', ['run', 'build:sea'], { stdio: ['ignore', 'inherit', 'inherit'] });
const executable = join(root, 'dist', 'sea', 'doppel-linux-x64');
if (!existsSync(executable)) fail(`${relative(root, executable)} is missing: npm run build:sea`);

const work = mkdtempSync(join(tmpdir(), 'doppel-image-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// 1. The packages, from this machine's apt sources (the versions its apt-get update saw).
const debs = join(work, 'debs');
mkdirSync(debs);
run('apt-get', ['download', '-q', ...PACKAGES], { cwd: debs });
// libgcc-s1 and libstdc++6 keep their copyright file in the gcc-N-base package they depend on
// (their /usr/share/doc folder is a link to its): it comes along, for the licences.
const gccBase = /\b(gcc-\d+-base)\b/.exec(run('sh', ['-c', 'dpkg-deb -f libgcc-s1_*.deb Depends'], { cwd: debs }))?.[1];
if (gccBase === undefined) fail('libgcc-s1 names no gcc-N-base package');
run('apt-get', ['download', '-q', gccBase], { cwd: debs });
const rootfs = join(work, 'rootfs');
mkdirSync(rootfs);
const versions = [];
for (const deb of readdirSync(debs).filter((f) => f.endsWith('.deb')).sort()) {
  run('dpkg', ['-x', join(debs, deb), rootfs]);
  versions.push(run('dpkg-deb', ['-f', join(debs, deb), 'Package', 'Version']).trim().replace(/^Package: (\S+)\nVersion: (\S+)$/, '$1=$2'));
}

// 2. What the maintainer scripts and a base image would have made, and doppel.
const certs = join(rootfs, 'usr', 'share', 'ca-certificates');
const pem = filesUnder(certs).filter((f) => f.endsWith('.crt')).sort().map((f) => readFileSync(f, 'utf8')).join('');
if (pem === '') fail('ca-certificates holds no certificate');
mkdirSync(join(rootfs, 'etc', 'ssl', 'certs'), { recursive: true });
writeFileSync(join(rootfs, 'etc', 'ssl', 'certs', 'ca-certificates.crt'), pem);
writeFileSync(join(rootfs, 'etc', 'passwd'), `root:x:0:0:root:/root:/usr/sbin/nologin\ndoppel:x:${UID}:${UID}:doppel:/var/lib/doppel:/usr/sbin/nologin\n`);
writeFileSync(join(rootfs, 'etc', 'group'), `root:x:0:\ndoppel:x:${UID}:\n`);
// The executable's Node reads os.hostname and friends fine without these, but a resolver needs them.
writeFileSync(join(rootfs, 'etc', 'nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files dns\n');
for (const dir of ['tmp', 'root', 'var/lib/doppel', 'usr/local/bin']) mkdirSync(join(rootfs, dir), { recursive: true });
chmodSync(join(rootfs, 'tmp'), 0o1777);
chmodSync(join(rootfs, 'root'), 0o700);
// Where a --state file can be written by the user doppel runs as (the working folder).
chownSync(join(rootfs, 'var', 'lib', 'doppel'), UID, UID);
copyFileSync(executable, join(rootfs, 'usr', 'local', 'bin', 'doppel'));
chmodSync(join(rootfs, 'usr', 'local', 'bin', 'doppel'), 0o755);
const reported = spawnSync(run('sh', ['-c', 'command -v chroot']).trim(), ['--userspec', USER, rootfs, '/usr/local/bin/doppel', '--version'], { encoding: 'utf8', env: { PATH: '/usr/local/bin:/usr/bin:/bin' } });
if (reported.status !== 0 || reported.stdout.trim() !== pkg.version) {
  fail(`doppel --version in the root answered ${JSON.stringify(reported.stdout + reported.stderr)} (exit ${reported.status})`);
}

// 3. The image: one layer of that root, and its config.
const layout = join(work, 'oci');
const image = `${layout}:${pkg.version}`;
run('umoci', ['init', '--layout', layout]);
run('umoci', ['new', '--image', image]);
const bundle = join(work, 'bundle');
run('umoci', ['unpack', '--image', image, bundle]);
run('cp', ['-a', `${rootfs}/.`, join(bundle, 'rootfs')]);
run('umoci', ['repack', '--image', image, '--history.created_by', `doppel scripts/build-image.mjs: ${versions.join(' ')} and doppel ${pkg.version}`, bundle]);
run('umoci', [
  'config', '--image', image, '--no-history',
  '--os', 'linux', '--architecture', 'amd64',
  '--config.entrypoint', '/usr/local/bin/doppel',
  '--config.cmd', 'mock', '--config.cmd', '--host', '--config.cmd', '0.0.0.0',
  '--config.user', USER,
  '--config.workingdir', '/var/lib/doppel',
  '--config.env', 'PATH=/usr/local/bin:/usr/bin:/bin',
  '--config.exposedports', '4010/tcp', '--config.exposedports', '4020/tcp',
  '--config.stopsignal', 'SIGTERM',
  '--config.label', `org.opencontainers.image.title=doppel`,
  '--config.label', `org.opencontainers.image.version=${pkg.version}`,
  '--config.label', `org.opencontainers.image.licenses=${pkg.license}`,
  '--config.label', `org.opencontainers.image.description=${pkg.description}`,
  '--config.label', `doppel.debian-packages=${versions.join(' ')}`,
]);
run('umoci', ['gc', '--layout', layout]);

// 4. The OCI archive (a tar of the layout), and dist/release/SHA256SUMS.
mkdirSync(out, { recursive: true });
rmSync(archive, { force: true });
run('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '-cf', archive, '-C', layout, '.']);
writeReleaseSums(out);
console.log(`build-image: ${relative(root, archive)} (${image.split(':').pop()}): ${(statSync(archive).size / 1e6).toFixed(1)} MB; ${versions.join(' ')}`);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : []));
}
