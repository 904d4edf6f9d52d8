// `doppel health` as a container's probe runs it (the image has no shell nor curl): exit 0 while
// both stubs answer, 1 with a line naming the one that does not, never a stack trace.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { doppelCommand } from '../robustness/built-cli.js';

type Running = Awaited<ReturnType<typeof startMock>>;
let mock: Running;
let silent: Server;
let silentUrl = '';
let closedUrl = '';

function health(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const doppel = doppelCommand();
  return new Promise((resolve) => {
    execFile(doppel.file, [...doppel.args, 'health', ...args], { env: doppel.env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
  // Accepts and never answers: the probe's timeout.
  silent = createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((r) => closed.close(r));
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((r) => silent.close(r));
  await mock.close();
});

describe('doppel health', () => {
  it('exits 0, silent, when every stub answers its health route', async () => {
    expect(await health([mock.trading.url, mock.wallet.url])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('exits 1 naming each stub that is down or is not a stub', async () => {
    const { code, stdout, stderr } = await health([mock.trading.url, closedUrl, 'not a url']);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.trim().split('\n')).toEqual([`doppel health: ${closedUrl} cannot be reached (ECONNREFUSED)`, 'doppel health: not a url is not a URL']);
  });

  it('exits 1 when a stub gives no answer within --timeout', async () => {
    expect(await health([silentUrl, '--timeout', '300'])).toEqual({ code: 1, stdout: '', stderr: `doppel health: ${silentUrl} gave no answer within 300 ms\n` });
  });
});
