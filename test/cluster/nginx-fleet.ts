// Support for the fleet test: three `doppel mock` processes behind nginx with the shipped
// deploy/nginx/doppel.conf, in which only the upstream servers and the listen addresses are
// replaced by the test's loopback ports.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { ROOT } from '../robustness/built-cli.js';

export const SHIPPED_CONFIG = join(ROOT, 'deploy', 'nginx', 'doppel.conf');

/** /usr/sbin/nginx (Debian's package), or an nginx on PATH; null when there is none. */
export function findNginx(): string | null {
  const candidates = ['/usr/sbin/nginx', ...(process.env['PATH'] ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'nginx'))];
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there
    }
  }
  return null;
}

export interface DoppelProcess {
  trading: number;
  wallet: number;
  child: ChildProcessWithoutNullStreams;
  exited: Promise<void>;
}

/** `doppel mock` on free ports, as the shipped config's comment starts it; resolves on its ready lines. */
export function startDoppel(bin: string, args: string[] = []): Promise<DoppelProcess> {
  const child = spawn(process.execPath, [bin, 'mock', '--trading-port', '0', '--wallet-port', '0', '--trust-proxy', '127.0.0.1', '--log-level', 'error', ...args], { stdio: 'pipe' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`doppel mock printed no ready lines in 20 s: ${out}`)), 20_000);
    const collect = (chunk: Buffer): void => {
      out += chunk.toString();
      const trading = /trading interface ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      const wallet = /wallet interface ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (trading && wallet) {
        clearTimeout(timer);
        resolve({ trading: Number(trading[1]), wallet: Number(wallet[1]), child, exited });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`doppel mock exited (${code}) before it was ready: ${out}`));
    });
  });
}

/** A loopback port nobody listens on right now (nginx cannot be told to pick one and say which). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Where a shipped config names its upstreams and nginx's ports: deploy/nginx/doppel.conf's by default. */
export interface ConfigShape {
  file: string;
  upstreams: Record<'trading' | 'wallet', string>;
  listen: Record<'trading' | 'wallet', number>;
}

export const MOCK_FLEET: ConfigShape = { file: SHIPPED_CONFIG, upstreams: { trading: 'doppel_trading', wallet: 'doppel_wallet' }, listen: { trading: 4010, wallet: 4020 } };

/**
 * The shipped config with the test's addresses: the address of each upstream's `server` lines
 * becomes a process's port (in the same order for both interfaces; the parameters stay), the two
 * `listen` lines nginx's ports. Throws when the file does not have the shape this relies on, so the
 * test runs what ships.
 */
export function fleetConfig(shipped: string, processes: readonly Record<'trading' | 'wallet', number>[], listen: { trading: number; wallet: number }, shape: ConfigShape = MOCK_FLEET): string {
  let config = shipped;
  for (const iface of ['trading', 'wallet'] as const) {
    const block = new RegExp(`upstream ${shape.upstreams[iface]} \\{[^}]*\\}`).exec(config);
    if (block === null) throw new Error(`${shape.file}: no upstream ${shape.upstreams[iface]}`);
    let n = 0;
    const replaced = block[0].replace(/(\n\s*server )\S+:\d+/g, (_all, start: string) => `${start}127.0.0.1:${processes[n++]?.[iface] ?? 'missing'}`);
    if (n !== processes.length) throw new Error(`${shape.file}: upstream ${shape.upstreams[iface]} has ${n} servers, the test starts ${processes.length} processes`);
    config = config.replace(block[0], replaced);
  }
  for (const iface of ['trading', 'wallet'] as const) {
    const line = `listen 127.0.0.1:${shape.listen[iface]};`;
    if (config.split(line).length !== 2) throw new Error(`${shape.file}: expected one ${line}`);
    config = config.replace(line, `listen 127.0.0.1:${listen[iface]};`);
  }
  return config;
}

export interface RunningNginx {
  /** The error log so far (nginx logs each refused or cut upstream connection there). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground (`daemon off`) with a temporary prefix: its pid file, temp paths and error
 * log stay there, nothing of the machine's nginx set-up is read or written.
 */
export async function startNginx(nginx: string, httpConfig: string, readyUrl: string): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'doppel-nginx-'));
  // Run as root, nginx's workers switch to nobody and must reach the temp paths below.
  chmodSync(prefix, 0o755);
  const errorLog = join(prefix, 'error.log');
  writeFileSync(join(prefix, 'doppel.conf'), httpConfig);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(prefix, kind)};`),
      `  include ${join(prefix, 'doppel.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', errorLog], { stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = (): string => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const why = `${output}${log()}`;
      await stop();
      throw new Error(`nginx exited (${child.exitCode}): ${why}`);
    }
    const ok = await fetch(readyUrl).then((r) => r.status === 200, () => false);
    if (ok) return { errorLog: log, stop };
    if (Date.now() > deadline) {
      const why = `${output}${log()}`;
      await stop();
      throw new Error(`nginx did not answer ${readyUrl} within 10 s: ${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
