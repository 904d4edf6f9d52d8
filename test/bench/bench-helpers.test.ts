// Sanity of the bench's pure parts: wrk output parsing, percentiles, and how the Prism referee's
// recorder counts answers. No load and no timing here; `npm run bench` does the measuring.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWrk } from '../support/parse-wrk.js';
import { medianInterval, percentile } from '../support/percentile.js';
import { classify, startRecorder, type ProxyTally } from '../support/prism-recorder.js';

const WRK_OUTPUT = `Running 5s test @ http://127.0.0.1:4701/
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   400.12us    1.01ms  30.10ms   97.50%
  Latency Distribution
     50%  268.00us
     75%  350.00us
     90%  500.00us
     99%    3.29ms
  146000 requests in 5.00s, 90.00MB read
  Non-2xx or 3xx responses: 12
  Socket errors: connect 0, read 1, write 0, timeout 2
Requests/sec:  29197.02
Transfer/sec:     18.00MB
`;

function emptyTally(): ProxyTally {
  return { iface: 'trading', flags: '--errors', requests: 0, validated: 0, responseViolations: 0, responseWarnings: 0, answeredByPrism: {}, admin: 0, examples: [] };
}

const problem = { 'content-type': 'application/problem+json' };

describe('parseWrk', () => {
  it('reads req/s, percentiles in ms and counts non-2xx answers and socket errors as failures', () => {
    const result = parseWrk(WRK_OUTPUT);
    expect(result).toEqual({ generator: 'wrk', rps: 29197.02, p50Ms: 0.268, p99Ms: 3.29, requests: 146000, failures: 15 });
  });
});

describe('percentile', () => {
  it('picks from a sorted list and is NaN for none', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(51);
    expect(percentile(sorted, 0.99)).toBe(100);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('medianInterval', () => {
  it('holds the median, widens with fewer values and is NaN for too few', () => {
    const values = Array.from({ length: 72 }, (_, i) => i + 1);
    const [lo, hi] = medianInterval(values);
    expect(lo).toBeLessThan(36.5);
    expect(hi).toBeGreaterThan(36.5);
    // 0.98·√72 ≈ 8.3: ranks ⌊36 − 8.3⌋ = 27 and ⌈1 + 36 + 8.3⌉ = 46, counted from 1.
    expect([lo, hi]).toEqual([27, 46]);
    const [lo12, hi12] = medianInterval(values.slice(0, 12));
    expect(hi12 - lo12).toBeGreaterThan(0);
    expect((hi12 - lo12) / 12).toBeGreaterThan((hi - lo) / 72);
    expect(lo12).toBeGreaterThanOrEqual(1);
    expect(hi12).toBeLessThanOrEqual(12);
    expect(medianInterval([1, 2, 3])).toEqual([Number.NaN, Number.NaN]);
  });

  it('covers the median of the distribution in about 95 % of samples', () => {
    // A fixed pseudo-random sequence (no flakiness): 2,000 samples of 24 uniform values each.
    let state = 42;
    const next = (): number => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    let covered = 0;
    for (let trial = 0; trial < 2_000; trial++) {
      const [lo, hi] = medianInterval(Array.from({ length: 24 }, next));
      if (lo <= 0.5 && 0.5 <= hi) covered++;
    }
    expect(covered / 2_000).toBeGreaterThan(0.93);
    expect(covered / 2_000).toBeLessThan(0.995);
  });
});

describe('classify (Prism proxy answers)', () => {
  it('counts a forwarded answer as validated', () => {
    const tally = emptyTally();
    classify(tally, 'GET', '/api/v1/prices', 200, { 'content-type': 'application/json' }, '{"success":true,"data":{}}');
    expect(tally).toMatchObject({ validated: 1, responseViolations: 0, answeredByPrism: {} });
  });

  it("counts Prism's VIOLATIONS problem as a violation and keeps an example", () => {
    const tally = emptyTally();
    const body = { type: 'https://stoplight.io/prism/errors#VIOLATIONS', title: 'Request/Response not valid', status: 500, validation: [{ location: ['response', 'body'], message: 'bad' }] };
    classify(tally, 'GET', '/api/v1/prices', 500, problem, JSON.stringify(body));
    expect(tally.responseViolations).toBe(1);
    expect(tally.validated).toBe(0);
    expect(tally.examples[0]?.detail).toContain('bad');
  });

  it('counts requests Prism answered itself by its error type, not as violations', () => {
    const tally = emptyTally();
    classify(tally, 'POST', '/api/v1/spot/order', 422, problem, JSON.stringify({ type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY', status: 422 }));
    classify(tally, 'GET', '/api/v1/account', 401, problem, JSON.stringify({ type: 'https://stoplight.io/prism/errors#UNAUTHORIZED', status: 401 }));
    expect(tally.answeredByPrism).toEqual({ 'UNPROCESSABLE_ENTITY 422': 1, 'UNAUTHORIZED 401': 1 });
    expect(tally.responseViolations).toBe(0);
    expect(tally.validated).toBe(0);
  });

  it('counts response warnings of the sl-violations header, and ignores request ones', () => {
    const tally = emptyTally();
    const request = JSON.stringify([{ location: ['request', 'query'], severity: 'Warning', message: 'x' }]);
    const response = JSON.stringify([{ location: ['response', 'body'], severity: 'Warning', message: 'y' }]);
    classify(tally, 'GET', '/a', 200, { 'content-type': 'application/json', 'sl-violations': request }, '{}');
    classify(tally, 'GET', '/b', 200, { 'content-type': 'application/json', 'sl-violations': response }, '{}');
    expect(tally.validated).toBe(2);
    expect(tally.responseWarnings).toBe(1);
  });
});

describe('startRecorder', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function upstream(name: string): Promise<string> {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data: { from: name, method: req.method, url: req.url } }));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('sends spec paths to Prism, the admin API straight to the fake, and passes answers through', async () => {
    const recorder = await startRecorder('trading', '--errors', await upstream('prism'), await upstream('fake'));
    try {
      const viaPrism = (await (await fetch(`${recorder.url}/api/v1/prices?symbols=BTC`)).json()) as { data: { from: string; url: string } };
      const admin = (await (await fetch(`${recorder.url}/__doppel/reset`, { method: 'POST' })).json()) as { data: { from: string; method: string } };
      expect(viaPrism.data).toMatchObject({ from: 'prism', url: '/api/v1/prices?symbols=BTC' });
      expect(admin.data).toMatchObject({ from: 'fake', method: 'POST' });
      expect(recorder.tally).toMatchObject({ requests: 2, validated: 1, admin: 1 });
    } finally {
      await recorder.close();
    }
  });
});
