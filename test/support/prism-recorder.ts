// The Prism referee's recorder (bench/referee.ts): sits between the checker and `prism proxy`,
// sends the admin API straight to the fake, and counts what Prism did with each request. Here so
// that the bench and its test (test/bench/) share it; test/ never imports from bench/.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';

export interface ViolationExample {
  method: string;
  path: string;
  detail: string;
}

export interface ProxyTally {
  iface: 'trading' | 'wallet';
  /** Flags of prism proxy beyond the document and upstream. */
  flags: string;
  requests: number;
  /** Forwarded to the fake and its answer passed Prism's validation. */
  validated: number;
  /** Forwarded, and Prism found the answer against the spec (severity error): must be 0. */
  responseViolations: number;
  /** Forwarded, answer accepted, with warnings in sl-violations about the response. */
  responseWarnings: number;
  /** Answered by Prism itself, not forwarded, by Prism's error type. */
  answeredByPrism: Record<string, number>;
  /** Admin API calls, sent straight to the fake. */
  admin: number;
  examples: ViolationExample[];
}

export interface Recorder {
  url: string;
  tally: ProxyTally;
  close(): Promise<void>;
}

export async function startRecorder(iface: ProxyTally['iface'], flags: string, prismUrl: string, fakeUrl: string): Promise<Recorder> {
  const tally: ProxyTally = { iface, flags, requests: 0, validated: 0, responseViolations: 0, responseWarnings: 0, answeredByPrism: {}, admin: 0, examples: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      const admin = path.startsWith('/__doppel/');
      const target = new URL(path, admin ? fakeUrl : prismUrl);
      const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
      const upstream = request(target, { method: req.method, headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(parts);
          tally.requests++;
          if (admin) tally.admin++;
          else classify(tally, req.method ?? 'GET', path, answer.statusCode ?? 0, answer.headers, text.toString('utf8'));
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && name !== 'transfer-encoding' && name !== 'connection') out[name] = value;
          }
          out['content-length'] = String(text.length);
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(text);
        });
      });
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recorder: ${error.message}`);
      });
      upstream.end(body.length > 0 ? body : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tally,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function classify(tally: ProxyTally, method: string, path: string, status: number, headers: IncomingHttpHeaders, text: string): void {
  const problem = String(headers['content-type'] ?? '').includes('application/problem+json') ? parse(text) : undefined;
  const type = typeof problem?.type === 'string' && problem.type.startsWith(PRISM_ERRORS) ? problem.type.slice(PRISM_ERRORS.length) : undefined;
  if (type === 'VIOLATIONS') {
    tally.responseViolations++;
    if (tally.examples.length < 10) tally.examples.push({ method, path, detail: JSON.stringify(problem?.validation ?? problem).slice(0, 600) });
    return;
  }
  if (type !== undefined) {
    tally.answeredByPrism[`${type} ${status}`] = (tally.answeredByPrism[`${type} ${status}`] ?? 0) + 1;
    return;
  }
  tally.validated++;
  const header = headers['sl-violations'];
  if (typeof header === 'string') {
    const list = parse(header.replace(/^Too many violations! /, ''));
    const entries = Array.isArray(list) ? (list as { location?: string[] }[]) : [];
    if (entries.some((v) => v.location?.[0] === 'response') || !Array.isArray(list)) {
      tally.responseWarnings++;
      if (tally.examples.length < 10) tally.examples.push({ method, path, detail: `warning ${header.slice(0, 600)}` });
    }
  }
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
