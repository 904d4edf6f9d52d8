// Section (a)–(c): the node:http ceiling, doppel's fake over HTTP and Prism's mock, one at a time
// under the same bounded load, with startup time and RSS.
import { autocannonLoad, findWrk, wrkLoad, type LoadResult, type LoadSettings, type LoadTarget } from './load.js';
import { DOPPEL_BIN, PRISM_BIN, freePort, rssMiB, startServer, type Server } from './processes.js';

export interface LoadRow {
  server: 'node:http' | 'doppel' | 'prism';
  operation: string;
  autocannon: LoadResult;
  wrk?: LoadResult;
}

export interface ServerRow {
  server: 'node:http' | 'doppel' | 'prism';
  startupMs: number;
  rssIdleMiB: number;
  rssAfterLoadMiB: number;
}

export interface HttpSection {
  settings: LoadSettings;
  wrk: boolean;
  /** Bytes of the body the ceiling answers (a copy of doppel's balances answer). */
  ceilingBodyBytes: number;
  loads: LoadRow[];
  servers: ServerRow[];
}

const BALANCES = '/api/v1/account/balances';
const PRICES = '/api/v1/prices';
const SPOT_ORDER = '/api/v1/spot/order';

export async function runHttpSection(settings: LoadSettings, log: (line: string) => void): Promise<HttpSection> {
  const wrk = findWrk() !== null;
  const loads: LoadRow[] = [];
  const servers: ServerRow[] = [];
  const measure = async (server: LoadRow['server'], operation: string, target: LoadTarget, crossCheck: boolean): Promise<void> => {
    const autocannon = await autocannonLoad(target, settings);
    const row: LoadRow = { server, operation, autocannon };
    if (crossCheck && wrk) row.wrk = await wrkLoad(target, settings);
    loads.push(row);
    log(`  ${server} ${operation}: ${Math.round(autocannon.rps)} req/s (autocannon)${row.wrk ? `, ${Math.round(row.wrk.rps)} req/s (wrk)` : ''}, failures ${autocannon.failures}`);
  };

  // doppel first: its balances answer sizes the ceiling's constant body.
  const tradingPort = await freePort();
  const walletPort = await freePort();
  const doppelUrl = `http://127.0.0.1:${tradingPort}`;
  let doppel: Server | undefined = await startServer({
    name: 'doppel mock',
    command: process.execPath,
    args: [DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'error'],
    probeUrl: `${doppelUrl}${PRICES}`,
  });
  let balancesBody: string;
  try {
    log(`  doppel mock answered after ${doppel.startupMs.toFixed(0)} ms`);
    const doppelIdle = rssMiB(doppel.child.pid);
    const tradeKey = { 'API-KEY': 'demo-trade-key' };
    balancesBody = await (await fetch(`${doppelUrl}${BALANCES}`, { headers: tradeKey })).text();
    const writer = await benchKey(doppelUrl);
    const order = await spotOrderBody(doppelUrl);

    // The ceiling, between doppel's start and its loads, with a body of the same size.
    await ceilingRun(balancesBody, 'first');

    await measure('doppel', 'GET balances (auth read)', { url: `${doppelUrl}${BALANCES}`, headers: tradeKey }, true);
    await measure('doppel', 'GET prices (public read)', { url: `${doppelUrl}${PRICES}` }, false);
    await measure('doppel', 'POST spot/order (write)', { url: `${doppelUrl}${SPOT_ORDER}`, method: 'POST', headers: { 'API-KEY': writer }, body: order }, false);
    servers.push({ server: 'doppel', startupMs: doppel.startupMs, rssIdleMiB: doppelIdle, rssAfterLoadMiB: rssMiB(doppel.child.pid) });
  } finally {
    await doppel.stop();
    doppel = undefined;
  }

  const prismPort = await freePort();
  const prismUrl = `http://127.0.0.1:${prismPort}`;
  const prism = await startServer({
    name: 'prism mock',
    command: process.execPath,
    args: [PRISM_BIN, 'mock', 'spec/trading.openapi.yaml', '-h', '127.0.0.1', '-p', String(prismPort), '-v', 'error'],
    probeUrl: `${prismUrl}${PRICES}`,
    timeoutMs: 60_000,
  });
  try {
    log(`  prism mock answered after ${prism.startupMs.toFixed(0)} ms`);
    const prismIdle = rssMiB(prism.child.pid);
    await measure('prism', 'GET balances (auth read)', { url: `${prismUrl}${BALANCES}`, headers: { 'API-KEY': 'demo-trade-key' } }, true);
    await measure('prism', 'GET prices (public read)', { url: `${prismUrl}${PRICES}` }, false);
    servers.push({ server: 'prism', startupMs: prism.startupMs, rssIdleMiB: prismIdle, rssAfterLoadMiB: rssMiB(prism.child.pid) });
  } finally {
    await prism.stop();
  }

  // The ceiling once more at the end: on a shared machine the two runs show the drift.
  await ceilingRun(balancesBody, 'again');
  return { settings, wrk, ceilingBodyBytes: Buffer.byteLength(balancesBody), loads, servers };

  async function ceilingRun(body: string, when: 'first' | 'again'): Promise<void> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const ceiling = await startServer({
      name: 'node:http ceiling',
      command: process.execPath,
      args: [new URL('./ceiling-server.js', import.meta.url).pathname],
      env: { PORT: String(port), CEILING_BODY: body },
      probeUrl: url,
    });
    try {
      const idle = rssMiB(ceiling.child.pid);
      await measure('node:http', when === 'first' ? 'constant JSON' : 'constant JSON (again)', { url: `${url}${BALANCES}` }, when === 'first');
      if (when === 'first') servers.push({ server: 'node:http', startupMs: ceiling.startupMs, rssIdleMiB: idle, rssAfterLoadMiB: rssMiB(ceiling.child.pid) });
    } finally {
      await ceiling.stop();
    }
  }
}

/** A key of its own for the write load, funded far beyond what a bounded run can spend. */
async function benchKey(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/__doppel/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'bench writer',
      permissions: ['read', 'trade'],
      ip_whitelist: [],
      balances: [{ currency: 'USDT', chain: 'tron', balance: '100000000' }],
    }),
  });
  const json = (await response.json()) as { data?: { key?: string } };
  if (!response.ok || typeof json.data?.key !== 'string') throw new Error(`POST /__doppel/keys answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data.key;
}

/** A market buy of the BTC/USDT market's minimum amount (fills at once, so the load never runs dry). */
async function spotOrderBody(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/markets`);
  const json = (await response.json()) as { data?: { symbol?: string; base?: string; quote?: string; min_amount?: string }[] };
  const btc = json.data?.find((m) => m.symbol === 'BTC/USDT' || (m.base === 'BTC' && m.quote === 'USDT'));
  // Without trailing zeros: amount_precision may be below the 8 digits decimals are answered with.
  const amount = (btc?.min_amount ?? '0.0001').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount });
}
