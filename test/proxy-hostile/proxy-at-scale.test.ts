// doppel proxy against what production sends it at scale (`npm run test:proxy-hostile`, not npm
// test): 2,000 slowloris connections all ended by the proxy (408 past the headers timeout, 503
// over the connection cap) while others are served; a 200 MB upload over the target's body limit
// gets the target's 413 (Content-Length and chunked) and the HAR has it; 100 half-closed clients
// are all answered and all in the HAR; the built proxy stopped by SIGINT, SIGTERM and kill -9
// under load keeps the HAR equal to the target's journal (test/support/proxy-har-invariant.ts).
import { connect, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { readHarText } from '../../conformance/traffic/har.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { proxyHarInvariant } from '../support/proxy-har-invariant.js';
import { doppelCommand } from '../robustness/built-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-scale-'));
const running: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const r of running.reverse()) await r.close();
  rmSync(dir, { recursive: true, force: true });
});

async function mock(): Promise<RunningMock> {
  const m = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 3, quiet: true });
  running.push(m);
  return m;
}

const harEntries = (file: string): { response: { status: number } }[] => (readHarText(readFileSync(file, 'utf8')).doc as { log: { entries: { response: { status: number } }[] } }).log.entries;
const journal = async (m: RunningMock): Promise<number> => ((await (await request(`${m.trading.url}/__doppel/requests?limit=10000`)).body.json()) as { data: { requests: unknown[] } }).data.requests.length;

/** A raw connection: what came back once it ended. */
function opened(port: number, text: string): { socket: Socket; ended: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const got: Buffer[] = [];
  const ended = new Promise<string>((resolve) => {
    socket.on('data', (d) => got.push(d)).on('error', () => undefined).on('close', () => resolve(Buffer.concat(got).toString('latin1')));
  });
  socket.write(text);
  return { socket, ended };
}

describe('doppel proxy at scale', () => {
  it('ends 2,000 slowloris connections (408, or 503 over the cap) and serves others meanwhile', async () => {
    const m = await mock();
    const proxy = await startProxy({ targets: { trading: m.trading.url }, ports: { trading: 0 }, headersTimeoutMs: 2_000, maxConnections: 1_000 });
    running.push({ close: () => proxy.close(100) });
    const port = Number(new URL(proxy.listening.trading!.url).port);
    const slow = Array.from({ length: 2_000 }, () => opened(port, 'GET /api/v1/prices HTTP/1.1\r\nHost: local'));
    const answers = await Promise.all(slow.map((s) => s.ended));
    const statuses = answers.map((a) => /^HTTP\/1\.1 (\d{3}) /.exec(a)?.[1] ?? 'none');
    const tally = Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]));
    expect(Object.keys(tally).sort(), JSON.stringify(tally)).toEqual(['408', '503']);
    expect((tally['408'] ?? 0) + (tally['503'] ?? 0)).toBe(2_000);
    // Every slot is free again.
    const next = await request(`${proxy.listening.trading!.url}/api/v1/prices`);
    expect(next.statusCode).toBe(200);
    await next.body.text();
  });

  it('a 200 MB upload over the target\'s body limit gets its 413 through the proxy, Content-Length or chunked, and the HAR has it', async () => {
    const m = await mock();
    const har = join(dir, 'upload.har');
    const proxy = await startProxy({ targets: { trading: m.trading.url }, ports: { trading: 0 }, har });
    const port = Number(new URL(proxy.listening.trading!.url).port);
    const size = 200 * 1024 * 1024;
    const piece = Buffer.alloc(1024 * 1024, 0x20);
    for (const chunked of [false, true]) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        const got: Buffer[] = [];
        let done = false;
        const finish = (): void => {
          if (done) return;
          done = true;
          socket.destroy();
          resolve(Buffer.concat(got).toString('latin1'));
        };
        socket.on('data', (d) => {
          got.push(d);
          if (Buffer.concat(got).includes('}')) finish();
        });
        socket.on('error', finish).on('close', finish);
        socket.write(`POST /api/v1/spot/order HTTP/1.1\r\nHost: localhost\r\nAPI-KEY: demo-trade-key\r\nContent-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n\r\n`);
        // The whole 200 MB, with backpressure, unless the answer came first.
        void (async () => {
          for (let sent = 0; sent < size && !done; sent += piece.length) {
            const ok = socket.write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
            if (!ok) await new Promise((r) => socket.once('drain', r).once('close', r));
          }
          if (chunked && !done) socket.write('0\r\n\r\n');
        })();
      });
      expect(answer.slice(0, 300), chunked ? 'chunked' : 'Content-Length').toMatch(/^HTTP\/1\.1 413 /);
    }
    const report = await proxy.close(2_000);
    expect(report.failed).toBe(false);
    expect(harEntries(har).map((e) => e.response.status)).toEqual([413, 413]);
  });

  it('answers 100 half-closed clients, every one in the HAR and the target\'s journal', async () => {
    const m = await mock();
    const har = join(dir, 'half.har');
    const proxy = await startProxy({ targets: { trading: m.trading.url }, ports: { trading: 0 }, har });
    const port = Number(new URL(proxy.listening.trading!.url).port);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => {
        const { socket, ended } = opened(port, 'GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\n\r\n');
        socket.end();
        return ended;
      }),
    );
    expect(answers.filter((a) => a.startsWith('HTTP/1.1 200 '))).toHaveLength(100);
    await proxy.close(2_000);
    expect(harEntries(har)).toHaveLength(100);
    expect(await journal(m)).toBe(100);
  });

  it('the built proxy stopped by SIGINT, SIGTERM and kill -9 under load: the HAR is the target\'s journal', async () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647);
    const rounds = await proxyHarInvariant({ requests: 2_000, concurrency: 16, random, doppel: doppelCommand() });
    expect(rounds.map((r) => r.stop)).toEqual(['SIGINT', 'SIGTERM', 'SIGKILL']);
    for (const r of rounds) {
      expect(r.broken, JSON.stringify(r)).toBeUndefined();
      expect(r.answered, JSON.stringify(r)).toBeGreaterThan(100);
    }
  });
});
