// Child processes of the bench: start a server, time it to its first answer, read its RSS, stop it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCore } from './cpu-pinning.js';

/**
 * Where `npm run bench` compiles bench/ and what it imports (bench/tsconfig.json): not dist/ itself,
 * whose bin/ and mock/ are the bundles the build writes (scripts/build-bundle.mjs) and the bench measures.
 */
export const BENCH_BUILD = join('dist', 'bench-build', 'bench');

/** The repository root, from dist/bench-build/bench/ (built) or bench/ (source). */
export const ROOT = (() => {
  const here = dirname(fileURLToPath(import.meta.url));
  return here.endsWith(BENCH_BUILD) ? join(here, '..', '..', '..') : join(here, '..');
})();

export const PRISM_BIN = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
export const DOPPEL_BIN = join(ROOT, 'dist', 'bin', 'doppel.js');

export interface Server {
  name: string;
  child: ChildProcess;
  /** Origin of the probe URL, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Spawn to the first answered request, ms. */
  startupMs: number;
  output(): string;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (Prism and the fake's CLI take a port number, not 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Polled until it answers with any status. */
  probeUrl: string;
  probeHeaders?: Record<string, string>;
  timeoutMs?: number;
  /** How often the probe is tried, ms (5; the start-up samples use 1, for both servers alike). */
  pollMs?: number;
  /**
   * Start it as a process group and stop the whole group: for a launcher such as npx, which does
   * not pass SIGTERM on to the server it started.
   */
  group?: boolean;
  /** Run it on this core only (./cpu-pinning.ts; unpinned where taskset is missing). */
  cpu?: number;
}

/** Spawns a server and polls probeUrl every pollMs (5) ms; startupMs runs from spawn to the first answer. */
export async function startServer(options: StartOptions): Promise<Server> {
  const started = performance.now();
  const { command, args } = onCore(options.cpu, options.command, options.args);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group === true,
  });
  const signal = (name: NodeJS.Signals): void => {
    if (options.group !== true || child.pid === undefined) {
      child.kill(name);
      return;
    }
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => {
    exited = true;
    resolve();
  }));
  const server: Server = {
    name: options.name,
    child,
    baseUrl: new URL(options.probeUrl).origin,
    startupMs: Number.NaN,
    output: () => output,
    stop: async () => {
      if (!exited) {
        signal('SIGTERM');
        const forced = setTimeout(() => signal('SIGKILL'), 5_000);
        await exit;
        clearTimeout(forced);
      }
    },
  };
  const deadline = started + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (exited) throw new Error(`${options.name} exited before answering:\n${output.slice(-2_000)}`);
    if (await answers(options.probeUrl, options.probeHeaders)) break;
    if (performance.now() > deadline) {
      await server.stop();
      throw new Error(`${options.name} did not answer ${options.probeUrl} within ${options.timeoutMs ?? 30_000} ms:\n${output.slice(-2_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 5));
  }
  server.startupMs = performance.now() - started;
  return server;
}

const PRICES = '/api/v1/prices';
const CEILING = new URL('./ceiling-server.js', import.meta.url).pathname;

/** How a bench server is started besides its own options: node's flags before the script, and the probe's interval. */
export interface ServerLaunch {
  name?: string;
  nodeArgs?: string[];
  env?: Record<string, string>;
  pollMs?: number;
  /** The core to run on (./cpu-pinning.ts). */
  cpu?: number;
}

/** `doppel mock` (with `args` besides the ports) on the binary `node`; answers once GET /api/v1/prices does. */
export async function startDoppelMock(node: string, launch: ServerLaunch = {}, args: string[] = []): Promise<Server> {
  const [trading, wallet] = [await freePort(), await freePort()];
  return startServer({
    name: launch.name ?? 'doppel mock',
    command: node,
    args: [...(launch.nodeArgs ?? []), DOPPEL_BIN, 'mock', '--trading-port', String(trading), '--wallet-port', String(wallet), '--log-level', 'error', ...args],
    ...(launch.env ? { env: launch.env } : {}),
    probeUrl: `http://127.0.0.1:${trading}${PRICES}`,
    ...(launch.pollMs !== undefined ? { pollMs: launch.pollMs } : {}),
    ...(launch.cpu !== undefined ? { cpu: launch.cpu } : {}),
  });
}

/** The node:http ceiling (./ceiling-server.ts) on the binary `node`, answering `body`. */
export async function startCeiling(node: string, body: string, launch: ServerLaunch = {}): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: launch.name ?? 'node:http ceiling',
    command: node,
    args: [...(launch.nodeArgs ?? []), CEILING],
    env: { ...launch.env, PORT: String(port), CEILING_BODY: body },
    probeUrl: `http://127.0.0.1:${port}${PRICES}`,
    ...(launch.pollMs !== undefined ? { pollMs: launch.pollMs } : {}),
    ...(launch.cpu !== undefined ? { cpu: launch.cpu } : {}),
  });
}

function answers(url: string, headers: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(true));
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2_000, () => req.destroy());
    req.end();
  });
}

/** Resident set size of a process in MiB (Linux /proc; falls back to ps). */
export function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux, or gone
  }
  return Number.NaN;
}

/** Runs a node script of dist/bench-build/bench as a child and returns the JSON it prints on its last line. */
export function runJsonChild<T>(script: string, args: string[] = [], nodeArgs: string[] = [], timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, join(ROOT, BENCH_BUILD, script), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    // Passed on as it comes (progress lines), and its end kept for the error: a child that died
    // of an exception printed it there, and "exited 1:" with nothing after it said nothing.
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      err = (err + chunk.toString('utf8')).slice(-2_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${script} exited ${code}:\n${out.slice(-2_000)}${err}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script} printed no JSON result:\n${out.slice(-2_000)}`));
      }
    });
  });
}
