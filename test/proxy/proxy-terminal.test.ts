// What doppel proxy prints is plain text: a path with an encoded newline and ESC, and an answer
// carrying them raw, reach stderr, the console report and the notes escaped (`\n`, `\x1b`), so no
// forged `doppel proxy: PASSED` line and no escape sequence reaches the terminal.
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runProxyCli, type RunningProxy } from '../../proxy/index.js';
import { plainText } from '../../conformance/report/plain-text.js';
import { send } from './traffic-client.js';

const FORGED = '\ndoppel proxy: PASSED\x1b[32m';

describe('doppel proxy prints plain text', () => {
  it('escapes control characters from the network in every line it prints', async () => {
    const target = createServer((req, res) => {
      req.resume();
      const body = JSON.stringify({ success: false, error: `no endpoint ${decodeURIComponent(req.url ?? '')}${FORGED}`, code: 'route_not_found' });
      res.writeHead(req.url?.includes('text') ? 200 : 404, { 'content-type': req.url?.includes('text') ? `text/plain${FORGED}`.replace(/[\n\x1b]/g, ' ') : 'application/json' }).end(req.url?.includes('text') ? `oops${FORGED}` : body);
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const signals = new EventEmitter();
    const out: string[] = [];
    const err: string[] = [];
    let proxy: RunningProxy | undefined;
    const running = runProxyCli({ tradingTarget: `http://127.0.0.1:${(target.address() as AddressInfo).port}`, tradingPort: 0, out: (l) => out.push(l), err: (l) => err.push(l), signals, onListening: (p) => (proxy = p) });
    while (!proxy) await new Promise((r) => setTimeout(r, 10));
    const url = proxy.listening.trading!.url;
    await send(url, 'GET', '/api/v1/%0Adoppel%20proxy:%20PASSED%1B[31m');
    await send(url, 'GET', '/api/v1/markets?text=1');
    await send(url, 'POST', '/api/v1/spot/order', { 'api-key': 'k', 'content-type': 'application/json' }, JSON.stringify({ market: `BTC${FORGED}` }));
    signals.emit('SIGINT', 'SIGINT');
    await running;
    await new Promise((r) => target.close(r));
    const printed = [...out, ...err].join('\n');
    expect(err.length).toBeGreaterThan(0);
    expect(printed).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    for (const line of [...out, ...err].flatMap((l) => l.split('\n'))) expect(line).not.toMatch(/^doppel proxy: PASSED/);
    expect(printed).toContain('\\x1b');
  });

  it('writes each control character as an escape', () => {
    expect(plainText('a\nb\r\tc\x1b[31m\x00\x7f\u009b\u202e')).toBe('a\\nb\\r\\tc\\x1b[31m\\x00\\x7f\\x9b\\u202e');
    expect(plainText('plain ünïcödé → ok')).toBe('plain ünïcödé → ok');
  });
});
