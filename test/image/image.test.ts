// `npm run test:image` (in .ci/run after npm run build:image; needs root, umoci and chroot, so not
// in `npm test`): the OCI archive as a container runtime would take it. Its config says what runs
// (entrypoint, command, user, ports, environment); `umoci unpack` makes the runtime bundle a
// runtime would start (root and config.json); its process then runs under chroot with the bundle's
// arguments, user and environment (no runtime works in this sandbox: podman fails at setrlimit).
// It answers both interfaces with DOPPEL_ADMIN_TOKEN set and refuses to start without it. The
// command listens on 0.0.0.0 as in a container; the test adds free ports to it, as one would add
// arguments to `docker run`, since this shares the machine's network with other work.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { freePort } from '../cluster/nginx-fleet.js';
import { ROOT } from '../robustness/built-cli.js';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const ARCHIVE = join(ROOT, 'dist', 'release', `doppel-${version}-linux-x64.oci.tar`);
const TOKEN = 'image-test-admin-token';

interface ImageConfig {
  os: string;
  architecture: string;
  config: { Entrypoint: string[]; Cmd: string[]; User: string; Env: string[]; ExposedPorts: Record<string, object>; WorkingDir: string; Labels: Record<string, string> };
}
interface RuntimeConfig {
  process: { args: string[]; env: string[]; user: { uid: number; gid: number }; cwd: string };
  root: { path: string };
}

let work = '';
let config: ImageConfig;
let runtime: RuntimeConfig;
let rootfs = '';
const started: ChildProcess[] = [];

const blob = (digest: string) => JSON.parse(readFileSync(join(work, 'layout', 'blobs', ...digest.split(':')), 'utf8')) as Record<string, unknown>;

beforeAll(() => {
  expect(existsSync(ARCHIVE), `${ARCHIVE} is missing: npm run build:image`).toBe(true);
  work = mkdtempSync(join(tmpdir(), 'doppel-image-'));
  execFileSync('mkdir', [join(work, 'layout')]);
  execFileSync('tar', ['-xf', ARCHIVE, '-C', join(work, 'layout')]);
  const index = JSON.parse(readFileSync(join(work, 'layout', 'index.json'), 'utf8')) as { manifests: { digest: string; annotations: Record<string, string> }[] };
  expect(index.manifests.map((m) => m.annotations['org.opencontainers.image.ref.name'])).toEqual([version]);
  const manifest = blob(index.manifests[0]!.digest) as { config: { digest: string } };
  config = blob(manifest.config.digest) as unknown as ImageConfig;
  execFileSync('umoci', ['unpack', '--image', `${join(work, 'layout')}:${version}`, join(work, 'bundle')], { stdio: 'pipe' });
  runtime = JSON.parse(readFileSync(join(work, 'bundle', 'config.json'), 'utf8')) as RuntimeConfig;
  rootfs = join(work, 'bundle', runtime.root.path);
}, 120_000);

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Resolves once both ready lines are out; rejects when it exits first. */
function ready(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output().includes('wallet interface ready')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited ${String(code)}: ${output()}`));
    });
  });
}

async function twoFreePorts(): Promise<[number, number]> {
  const trading = await freePort();
  let wallet = await freePort();
  while (wallet === trading) wallet = await freePort();
  return [trading, wallet];
}

/** A command line in the image's root under chroot, as its user, with its environment plus `env`. */
function chrooted(argv: string[], env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  const environment = Object.fromEntries(runtime.process.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  const { uid, gid } = runtime.process.user;
  // chroot starts it in / (the image's working folder only matters for relative --state paths).
  const child = spawn('/usr/sbin/chroot', [`--userspec=${uid}:${gid}`, rootfs, ...argv], { env: { ...environment, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

/**
 * The bundle's process, with `env` and `args` after its own arguments, or in place of the image's
 * command (`replace`, as Kubernetes' `args` and compose's `command` do).
 */
function runImage(env: Record<string, string>, args: string[], replace = false): { child: ChildProcess; output: () => string } {
  const [file, ...own] = runtime.process.args;
  return chrooted([file!, ...(replace ? [] : own), ...args], env);
}

const exitOf = (child: ChildProcess): Promise<number | null> => new Promise((resolve) => child.once('exit', resolve));

describe('the container image', () => {
  it('runs doppel mock on 0.0.0.0 as a user that is not root, ports 4010 and 4020, no token baked in', () => {
    expect(config.os).toBe('linux');
    expect(config.architecture).toBe('amd64');
    expect(config.config.Entrypoint).toEqual(['/usr/local/bin/doppel']);
    expect(config.config.Cmd).toEqual(['mock', '--host', '0.0.0.0']);
    expect(config.config.User).toBe('10001:10001');
    expect(Object.keys(config.config.ExposedPorts).sort()).toEqual(['4010/tcp', '4020/tcp']);
    expect(config.config.Env).toEqual(['PATH=/usr/local/bin:/usr/bin:/bin']);
    expect(config.config.WorkingDir).toBe('/var/lib/doppel');
    expect(config.config.Labels['org.opencontainers.image.version']).toBe(version);
    expect(config.config.Labels['doppel.debian-packages']).toMatch(/^ca-certificates=\S+ gcc-\d+-base=\S+ libc6=\S+ libgcc-s1=\S+ libstdc\+\+6=\S+$/);
    // What umoci unpack made of it for a runtime.
    expect(runtime.process.args).toEqual(['/usr/local/bin/doppel', 'mock', '--host', '0.0.0.0']);
    expect(runtime.process.user).toMatchObject({ uid: 10001, gid: 10001 });
  });

  it('its root holds the executable built here, the user, the CA bundle and no shell', () => {
    const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(sha(join(rootfs, 'usr', 'local', 'bin', 'doppel'))).toBe(sha(join(ROOT, 'dist', 'sea', 'doppel-linux-x64')));
    expect(readFileSync(join(rootfs, 'etc', 'passwd'), 'utf8')).toContain('doppel:x:10001:10001:');
    expect(readFileSync(join(rootfs, 'etc', 'ssl', 'certs', 'ca-certificates.crt'), 'utf8')).toMatch(/-----BEGIN CERTIFICATE-----/);
    expect(statSync(join(rootfs, 'var', 'lib', 'doppel')).uid).toBe(10001);
    expect(existsSync(join(rootfs, 'bin', 'sh'))).toBe(false);
    // Each Debian package's licence is in the root (libgcc-s1's and libstdc++6's through gcc-N-base).
    const packages = config.config.Labels['doppel.debian-packages']!.split(' ').map((p) => p.split('=')[0]!);
    const missing = packages.filter((p) => !existsSync(join(rootfs, 'usr', 'share', 'doc', p, 'copyright')));
    expect(missing).toEqual([]);
  });

  it('refuses to start without DOPPEL_ADMIN_TOKEN, listening on nothing', async () => {
    const { child, output } = runImage({}, ['--trading-port', '0', '--wallet-port', '0']);
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output()).toMatch(/binding 0\.0\.0\.0 exposes the admin API beyond this machine: give --admin-token \(or set DOPPEL_ADMIN_TOKEN\)/);
    expect(output()).not.toContain('ready');
  });

  it('with DOPPEL_ADMIN_TOKEN, answers both interfaces and the health route, guards the admin API, and stops on SIGTERM', async () => {
    const [trading, wallet] = await twoFreePorts();
    const { child, output } = runImage({ DOPPEL_ADMIN_TOKEN: TOKEN }, ['--trading-port', String(trading), '--wallet-port', String(wallet)]);
    await ready(child, output);
    expect(output()).toContain(`trading interface ready at http://0.0.0.0:${trading}`);
    // It runs as the image's user, not as root.
    expect(readFileSync(`/proc/${child.pid}/status`, 'utf8')).toMatch(/^Uid:\s+10001\s+10001/m);
    const t = `http://127.0.0.1:${trading}`;
    const w = `http://127.0.0.1:${wallet}`;
    const balances = await fetch(`${t}/api/v1/account/balances`, { headers: { 'API-KEY': 'demo-trade-key' } });
    expect(balances.status).toBe(200);
    expect(await balances.json()).toMatchObject({ success: true });
    expect((await fetch(`${w}/api/v1/wallets`, { headers: { 'X-API-Key': 'demo-wallet-key' } })).status).toBe(200);
    for (const url of [t, w]) expect(await (await fetch(`${url}/__doppel/health`)).json()).toEqual({ success: true, data: { status: 'ok' } });
    expect((await fetch(`${t}/__doppel/clock`)).status).toBe(401);
    expect((await fetch(`${t}/__doppel/clock`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('runs the Kubernetes example\'s doppel container: this image, its args, the token from the environment, the probe path', async () => {
    const documents = parseAllDocuments(readFileSync(join(ROOT, 'deploy', 'kubernetes', 'doppel.yaml'), 'utf8')).map((d) => d.toJS() as { kind?: string });
    const statefulSet = documents.find((d) => d?.kind === 'StatefulSet') as { spec: { template: { spec: { containers: K8sContainer[] } } } };
    const container = statefulSet.spec.template.spec.containers.find((c) => c.name === 'doppel')!;
    expect(container.image).toBe(`doppel:${version}`);
    expect(container.env.map((e) => e.name)).toEqual(['DOPPEL_ADMIN_TOKEN']);
    expect(container.args.some((a) => a.includes('admin-token')), 'the token comes from the environment, not the command line').toBe(false);
    const [trading, wallet] = await twoFreePorts();
    // Its fixed ports become free ones here; everything else runs as written.
    const args = container.args.map((a) => a.replace('--trading-port=4010', `--trading-port=${trading}`).replace('--wallet-port=4020', `--wallet-port=${wallet}`));
    const { child, output } = runImage({ DOPPEL_ADMIN_TOKEN: TOKEN }, args, true);
    await ready(child, output);
    const probe = await fetch(`http://127.0.0.1:${trading}${container.readinessProbe.httpGet.path}`);
    expect(probe.status).toBe(200);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('runs the compose example: this image, the token from the environment, its health probe, and the check service against it', async () => {
    const compose = parse(readFileSync(join(ROOT, 'deploy', 'compose', 'compose.yaml'), 'utf8')) as { services: Record<string, ComposeService> };
    const { doppel: stub, check } = compose.services as { doppel: ComposeService; check: ComposeService };
    expect(stub.image).toBe(`doppel:${version}`);
    expect(check.image).toBe(`doppel:${version}`);
    expect(stub.command, 'the image\'s own command').toBeUndefined();
    expect(Object.keys(stub.environment ?? {})).toEqual(['DOPPEL_ADMIN_TOKEN']);
    expect(stub.ports).toEqual(['127.0.0.1:4010:4010', '127.0.0.1:4020:4020']);
    expect(check.depends_on).toEqual({ doppel: { condition: 'service_healthy' } });
    const [trading, wallet] = await twoFreePorts();
    const here = (arg: string) => arg.replace(/:4010\b/, `:${trading}`).replace(/:4020\b/, `:${wallet}`).replace('http://doppel:', 'http://127.0.0.1:');
    const [form, ...probe] = stub.healthcheck!.test;
    expect(form, 'exec form: the image has no shell').toBe('CMD');
    // Before the stub is up, the probe fails, as it does while a container starts.
    const early = chrooted(probe.map(here));
    expect(await exitOf(early.child), early.output()).toBe(1);
    const { child, output } = runImage({ DOPPEL_ADMIN_TOKEN: TOKEN }, ['--trading-port', String(trading), '--wallet-port', String(wallet)]);
    await ready(child, output);
    const healthy = chrooted(probe.map(here));
    expect(await exitOf(healthy.child), healthy.output()).toBe(0);
    const checked = runImage({}, check.command!.map(here), true);
    expect(await exitOf(checked.child), checked.output()).toBe(0);
    expect(checked.output()).toMatch(/PASSED/);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const down = chrooted(probe.map(here));
    expect(await exitOf(down.child)).toBe(1);
    expect(down.output()).toContain(`http://127.0.0.1:${trading} cannot be reached`);
  }, 120_000);
});

interface K8sContainer {
  name: string;
  image: string;
  args: string[];
  env: { name: string }[];
  readinessProbe: { httpGet: { path: string } };
}

interface ComposeService {
  image: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
