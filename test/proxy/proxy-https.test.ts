// doppel proxy in front of an https deployment, as a QA team runs it: the built executable, the
// deployment's certificate trusted the Node way (NODE_EXTRA_CA_CERTS), the client speaking plain
// http to the proxy on loopback. The deployment here is the fake behind node:https with a
// self-signed certificate for localhost and 127.0.0.1 (test/support/tls/, test-only, valid until
// 2126; made with `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes
// -days 36500 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1`).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake } from '../../mock/index.js';
import { doppelCommand } from '../robustness/built-cli.js';

const TLS = fileURLToPath(new URL('../support/tls/', import.meta.url));
const CERT = `${TLS}localhost-cert.pem`;

/** The fake's trading interface over https on a free loopback port. */
async function httpsTarget(): Promise<{ server: Server; url: string }> {
  const fake = createFake({ seed: 5 });
  const server = createServer({ key: readFileSync(`${TLS}localhost-key.pem`), cert: readFileSync(CERT) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
      void fake
        .fetch(new Request(`http://trading.doppel.test${req.url ?? '/'}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }))
        .then(async (answer) => {
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(Buffer.from(await answer.arrayBuffer()));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://localhost:${(server.address() as AddressInfo).port}` };
}

/** The proxy's ready line for trading: `doppel proxy: trading http://127.0.0.1:N → …`. */
function proxyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /doppel proxy: trading (http:\/\/127\.0\.0\.1:\d+) →/.exec(seen);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`doppel proxy exited ${code}: ${seen}`)));
  });
}

describe('doppel proxy in front of an https deployment', () => {
  let target: { server: Server; url: string };
  let child: ChildProcess;
  let stderr = '';

  beforeAll(async () => {
    target = await httpsTarget();
    const doppel = doppelCommand({ NODE_EXTRA_CA_CERTS: CERT });
    child = spawn(doppel.file, [...doppel.args, 'proxy', '--trading-target', target.url, '--trading-port', '0', '--judges', '1'], {
      env: doppel.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise<void>((resolve) => target.server.close(() => resolve()));
  });

  it('forwards to the https target unchanged and judges the exchanges; SIGTERM ends with exit 0', async () => {
    const proxy = await proxyUrl(child);
    const direct = await fetch(`${proxy}/api/v1/account/balances`, { headers: { 'api-key': 'demo-trade-key' } });
    expect(direct.status).toBe(200);
    const body = (await direct.json()) as { success: boolean; data: unknown[] };
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    const unknown = await fetch(`${proxy}/api/v1/price/NOPE`);
    expect(unknown.status).toBe(404);
    const violations = (await (await fetch(`${proxy}/__doppel/violations`)).json()) as { exchanges: number; violations: number };
    expect(violations).toMatchObject({ exchanges: 2, violations: 0 });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/VIOLATION|certificate|502/);
    // Its judge runs on a worker thread (--judges 1), except in the
    // single executable, which cannot start one from its embedded script: it judges on the main
    // thread, in one line.
    const fallback = 'doppel proxy: --judges 1: judging on the main thread instead (the single executable cannot start worker threads from its embedded script)';
    if (process.env.DOPPEL_EXECUTABLE) expect(stderr).toContain(fallback);
    else expect(stderr).not.toContain('judging on the main thread');
  }, 60_000);
});
