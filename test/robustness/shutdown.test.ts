// Shutdown: SIGTERM to `doppel mock` closes the listeners at once, lets a request that is
// in flight finish with its answer, and exits 0; an idle keep-alive connection does not hold it up.
// (Writing the --state snapshot on SIGTERM is the snapshot work's own test.)
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { doppelCommand, type DoppelCommand } from './built-cli.js';
import { refused } from '../support/process-probes.js';

let doppel: DoppelCommand;
let child: ChildProcessWithoutNullStreams | undefined;

beforeAll(() => {
  doppel = doppelCommand();
}, 120_000);

afterEach(() => {
  if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

function startDoppel(): Promise<{ trading: number; wallet: number; stdout: () => string; exited: Promise<number | null> }> {
  const proc = spawn(doppel.file, [...doppel.args, 'mock', '--trading-port', '0', '--wallet-port', '0', '--log-level', 'info'], { stdio: 'pipe', env: doppel.env });
  child = proc;
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready lines: ${out}`)), 10_000);
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const trading = /trading interface ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      const wallet = /wallet interface ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (trading && wallet) {
        clearTimeout(timer);
        resolve({ trading: Number(trading[1]), wallet: Number(wallet[1]), stdout: () => out, exited });
      }
    });
    proc.on('exit', (code) => reject(new Error(`exited ${code} before ready: ${out}`)));
  });
}


describe('SIGTERM on doppel mock', () => {
  it('closes the listeners, finishes the in-flight request, exits 0', async () => {
    const doppel = await startDoppel();
    // An idle keep-alive connection, and a request whose body is only half sent.
    const idle = connect(doppel.wallet, '127.0.0.1');
    await new Promise((r) => idle.on('connect', r));
    idle.write('GET /api/v1/chains HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((r) => idle.once('data', r));

    const body = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' });
    const inflight = connect(doppel.trading, '127.0.0.1');
    let answer = '';
    const answered = new Promise<string>((resolve) => {
      inflight.on('data', (d: Buffer) => (answer += d.toString()));
      inflight.on('close', () => resolve(answer));
    });
    await new Promise((r) => inflight.on('connect', r));
    inflight.write(`POST /api/v1/spot/order HTTP/1.1\r\nHost: localhost\r\nAPI-KEY: demo-trade-key\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 100));

    const started = Date.now();
    child?.kill('SIGTERM');
    // The listeners close at once, while the request is still in flight.
    await expect.poll(() => refused(doppel.trading), { timeout: 3000, interval: 50 }).toBe(true);
    expect(await refused(doppel.wallet)).toBe(true);
    expect(child?.exitCode).toBeNull();

    inflight.write(body.slice(10));
    const raw = await answered;
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toMatch(/connection: close/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: true, data: { type: 'spot', status: 'filled' } });

    expect(await doppel.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(doppel.stdout()).toContain('SIGTERM, stopping');
    idle.destroy();
  });

  it('exits 0 at once when nothing is in flight', async () => {
    const doppel = await startDoppel();
    const started = Date.now();
    child?.kill('SIGTERM');
    expect(await doppel.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
