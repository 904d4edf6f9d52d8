// startMock: serves both interfaces of a fake over HTTP (what `doppel mock` runs).
import { isLoopbackAddress } from './core/is-loopback-address.js';
import { createFake, type Fake, type FakeOptions } from './create-fake.js';
import { logsAt, requestLine, type LogLevel } from './http/request-log.js';
import { startHttpServer, type HttpServerOptions } from './http/start-http-server.js';
import { existsSync } from 'node:fs';
import type { AdminRoute } from './core/index.js';
import { domainError } from './domain/domain-error.js';
import { apiReferenceText } from './api-reference-file.js';
import { join } from 'node:path';
import { readSnapshotFile, writeSnapshotFile } from './snapshot-file.js';
import { releaseMemorySoon } from './http/release-memory.js';

export interface StartMockOptions extends FakeOptions {
  host?: string;
  /** 0 = a free port. Defaults: trading 4010, wallet 4020. */
  tradingPort?: number;
  walletPort?: number;
  /** Print nothing (the ready lines go to stdout otherwise). Same as logLevel 'silent'. */
  quiet?: boolean;
  /** Default 'error': the ready lines and faults; 'info' adds a line per request (masked). */
  logLevel?: LogLevel;
  log?: (line: string) => void;
  /** Slowloris bounds: how long a client may take over its headers and its whole request. Defaults 10 000 and 30 000 ms. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Directory written by `doppel fixtures`: start from its state.json (unless `state` exists). */
  fixtures?: string;
  /** Snapshot file: loaded at start when it exists, written (atomically) by close(). */
  state?: string;
  // From these peers the caller's address is read from X-Forwarded-For (mock/http/client-ip-of.ts),
  // so the IP whitelist (seed trading §5.6) sees the client behind the proxy.
  /** Addresses or CIDR ranges of reverse proxies whose X-Forwarded-For names the caller (`--trust-proxy`). Default none. */
  trustProxy?: readonly string[];
}

export interface RunningMock {
  trading: { url: string; port: number };
  wallet: { url: string; port: number };
  fake: Fake;
  /** Stops both listeners, lets in-flight requests finish, then writes the `state` file if one was given. */
  close(): Promise<void>;
  /** Writes the whole fake's snapshot to file (default: the `state` option). */
  saveState(file?: string): Promise<void>;
}

/**
 * The snapshot to start from: the state file if it exists, else the fixtures' state, else none;
 * with the file it came from and the line that tells the user what was loaded.
 */
async function startingSnapshot(options: StartMockOptions): Promise<{ snapshot?: unknown; file?: string; line?: string }> {
  if (options.state !== undefined && existsSync(options.state)) {
    return { snapshot: await readSnapshotFile(options.state), file: options.state, line: `doppel state loaded from ${options.state}` };
  }
  const seeded = `the demo data of seed ${options.seed ?? 1}`;
  const writeBack = options.state !== undefined ? `; it will be written to ${options.state} on exit` : '';
  if (options.fixtures !== undefined) {
    const file = join(options.fixtures, 'state.json');
    const note = options.state !== undefined ? ` (${options.state} does not exist yet${writeBack})` : '';
    return { snapshot: await readSnapshotFile(file), file, line: `doppel state loaded from ${file} (--fixtures)${note}` };
  }
  if (options.state !== undefined) return { line: `doppel state file ${options.state} does not exist yet: starting from ${seeded}${writeBack}` };
  return {};
}

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackAddress(host) && !options.adminToken) {
    throw new Error(`binding ${host} exposes the admin API beyond this machine: give --admin-token (or set DOPPEL_ADMIN_TOKEN)`);
  }
  const { snapshot, file, line: loaded } = await startingSnapshot(options);
  // The listeners' URLs once they listen: a path of one interface asked on the other's port names the right one.
  const urls: { trading?: string; wallet?: string } = {};
  let fake: Fake;
  try {
    fake = createFake({ clock: 'realtime', onStateDropped: releaseMemorySoon(), interfaceUrls: () => urls, ...options, adminRoutes: [...(options.adminRoutes ?? []), apiReferenceRoute()], ...(snapshot !== undefined ? { snapshot } : {}) });
  } catch (error) {
    // An invalid snapshot's message names the value; the file it came from is named here.
    if (file === undefined) throw error;
    throw new Error(`snapshot file ${file} cannot be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  const level: LogLevel = options.quiet ? 'silent' : (options.logLevel ?? 'error');
  const log = options.log ?? ((line: string) => console.log(line));
  const serverOptions = (iface: string, port: number): HttpServerOptions => ({
    host,
    port,
    ...(options.headersTimeoutMs !== undefined ? { headersTimeoutMs: options.headersTimeoutMs } : {}),
    ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(logsAt(level, 'info') ? { onRequest: (entry) => log(requestLine(iface, entry, logsAt(level, 'debug'))) } : {}),
    ...(logsAt(level, 'warn') ? { onClientError: (line) => log(line) } : {}),
  });
  const trading = await startHttpServer(fake.trading, serverOptions('trading', options.tradingPort ?? 4010));
  let wallet;
  try {
    wallet = await startHttpServer(fake.wallet, serverOptions('wallet', options.walletPort ?? 4020));
  } catch (error) {
    await trading.close();
    throw error;
  }
  urls.trading = trading.url;
  urls.wallet = wallet.url;
  if (level !== 'silent') {
    if (loaded !== undefined) log(loaded);
    log(`doppel trading interface ready at ${trading.url}`);
    log(`doppel wallet interface ready at ${wallet.url}`);
  }
  return {
    trading: { url: trading.url, port: trading.port },
    wallet: { url: wallet.url, port: wallet.port },
    fake,
    close: async () => {
      await Promise.all([trading.close(), wallet.close()]);
      if (options.state !== undefined) await saveState(options.state);
    },
    saveState,
  };

  async function saveState(file = options.state): Promise<void> {
    if (file === undefined) throw new Error('saveState: no file given and no state option');
    // The snapshot holds keys and password hashes: only where it went is logged, never what.
    // A piece at a time (the state of this instant): requests are answered while a large state is written.
    await writeSnapshotFile(file, fake.exportChunks('lines'));
    if (level !== 'silent') log(`doppel state written to ${file}`);
  }
}

/** GET /__doppel/docs: the HTML API reference built with the package (offline: no scripts, fonts or network). */
function apiReferenceRoute(): AdminRoute {
  let text: string | undefined;
  return {
    method: 'GET',
    path: '/__doppel/docs',
    operationId: 'adminApiReference',
    answers: 'page',
    handle() {
      text ??= apiReferenceText() ?? undefined;
      if (text === undefined) throw domainError.not_found('the API reference is not built: run npm run build');
      return { contentType: 'text/html; charset=utf-8', text };
    },
  };
}
