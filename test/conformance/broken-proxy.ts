// A proxy on 127.0.0.1 port 0 in front of a target that breaks one behaviour: it may rewrite the
// request before forwarding and the response before answering, as text, as bytes, or as the raw
// answer written on the socket (what node:http would not write).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface ProxiedRequest {
  method: string;
  /** Path with query, e.g. `/api/v1/account/orders?limit=2`. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body's bytes, answered instead of `body` (a breakage of the bytes: a BOM, another charset). */
  bytes?: Buffer;
  /** Written on the socket as they are instead of an answer (status line, headers, body), then the connection ends. */
  wire?: Buffer;
}

export interface Breakage {
  request?(req: ProxiedRequest): ProxiedRequest;
  /** Whether to forward the request twice and answer the first answer (a write applied twice). */
  twice?(req: ProxiedRequest): boolean;
  response?(req: ProxiedRequest, res: ProxiedResponse): ProxiedResponse;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export async function startProxy(target: string, breakage: Breakage): Promise<RunningProxy> {
  const server = createServer(async (req, res) => {
    try {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && typeof v === 'string') headers[k] = v;
      let preq: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers, body: await readBody(req) };
      preq = breakage.request?.(preq) ?? preq;
      const send = () => request(new URL(preq.path, target), { method: preq.method as 'GET', headers: preq.headers, body: preq.method === 'GET' ? undefined : preq.body });
      const upstream = await send();
      if (breakage.twice?.(preq)) await (await send()).body.dump();
      const rheaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(upstream.headers)) if (!HOP.has(k) && v !== undefined) rheaders[k] = Array.isArray(v) ? v.join(', ') : v;
      let pres: ProxiedResponse = { status: upstream.statusCode, headers: rheaders, body: await upstream.body.text() };
      pres = breakage.response?.(preq, pres) ?? pres;
      if (pres.wire) return void res.socket?.end(pres.wire);
      res.writeHead(pres.status, pres.headers);
      res.end(pres.bytes ?? pres.body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: `proxy: ${(error as Error).message}` }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Rewrites a JSON body; leaves non-JSON bodies as they are. */
export function editJson(res: ProxiedResponse, edit: (body: any) => unknown): ProxiedResponse {
  try {
    const body = JSON.parse(res.body);
    const next = edit(body);
    return { ...res, body: JSON.stringify(next === undefined ? body : next) };
  } catch {
    return res;
  }
}

export const pathOf = (req: ProxiedRequest): string => req.path.split('?')[0] as string;
