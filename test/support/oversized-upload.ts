// Oversized uploads three ways (the 413 must always arrive): a raw socket that writes the
// whole request before it reads, node:http with backpressure, and fetch; Content-Length or chunked.
// Shared by mock/http's test and the bench's 413 section. Each resolves to the status and body,
// or rejects with the socket error (EPIPE, ECONNRESET) a client would see.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { operations, type InterfaceName } from '../../spec/index.js';

/** How an oversized upload is sent: the framing, and the client that sends it. */
export interface Upload {
  port: number;
  path: string;
  headers: Record<string, string>;
  size: number;
  chunked: boolean;
}

const SPACE = Buffer.alloc(64 * 1024, 0x20);

function* pieces(size: number): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += SPACE.length) yield size - sent < SPACE.length ? SPACE.subarray(0, size - sent) : SPACE;
}

/**
 * The client that used to lose the 413, before the fake read and dropped an oversized body
 * (mock/http/start-http-server.ts): it writes the whole request, then reads. When the
 * server closed while bytes were still unread, the kernel reset the connection (EPIPE/ECONNRESET).
 */
export function rawUpload(u: Upload): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(u.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => {
      socket.pause();
      const framing = u.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${u.size}`;
      const head = Object.entries(u.headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
      socket.write(`POST ${u.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}${framing}\r\n\r\n`);
      for (const piece of pieces(u.size)) socket.write(u.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
      if (u.chunked) socket.write('0\r\n\r\n');
      setTimeout(() => socket.resume(), 20);
    });
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

/** node:http, writing with backpressure; Content-Length or chunked. */
export function nodeUpload(u: Upload): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = { ...u.headers, ...(u.chunked ? {} : { 'content-length': String(u.size) }) };
    const req = httpRequest({ host: '127.0.0.1', port: u.port, method: 'POST', path: u.path, headers, agent: false });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    const all = pieces(u.size);
    const pump = (): void => {
      for (let next = all.next(); !next.done; next = all.next()) if (!req.write(next.value)) return void req.once('drain', pump);
      req.end();
    };
    pump();
  });
}

/** fetch (undici): a buffer body sends Content-Length, a stream body is chunked. */
export async function fetchUpload(u: Upload): Promise<{ status: number; text: string }> {
  const body = u.chunked
    ? new ReadableStream<Uint8Array>({ start(c) { for (const piece of pieces(u.size)) c.enqueue(piece); c.close(); } })
    : Buffer.alloc(u.size, 0x20);
  const res = await fetch(`http://127.0.0.1:${u.port}${u.path}`, { method: 'POST', headers: u.headers, body, duplex: 'half' } as RequestInit);
  return { status: res.status, text: await res.text() };
}

/** The answer every oversized upload must get (mock/core/decode-body.ts: payload_too_large), its message prefixed with the operationId. */
export function isPayloadTooLarge(status: number, body: unknown): boolean {
  const b = body as { success?: unknown; error?: unknown; code?: unknown } | undefined;
  return status === 413 && b?.success === false && b.code === 'payload_too_large' && typeof b.error === 'string' && /^\w+: request body is too large$/.test(b.error);
}

export interface UploadCase {
  what: string;
  upload: Upload;
  send: (upload: Upload) => Promise<{ status: number; text: string }>;
}

const KEYS: Record<InterfaceName, Record<string, string>> = { trading: { 'API-KEY': 'demo-trade-key' }, wallet: { 'X-API-Key': 'demo-wallet-key' } };

/**
 * `count` uploads over every POST operation of both interfaces in turn, with a valid key (the key
 * is checked before the body), alternating 2 MB and 20 MB, Content-Length and chunked, and the
 * three clients.
 */
export function oversizedUploadCases(ports: Record<InterfaceName, number>, count: number): UploadCase[] {
  const routes = (['trading', 'wallet'] as const).flatMap((iface) =>
    operations(iface).filter((op) => op.method === 'POST').map((op) => ({ iface, path: op.path.replace(/\{[^}]+\}/g, '1') })),
  );
  const clients = [rawUpload, nodeUpload, fetchUpload];
  return Array.from({ length: count }, (_, i) => {
    const route = routes[i % routes.length]!;
    const upload: Upload = {
      port: ports[route.iface],
      path: route.path,
      headers: { ...KEYS[route.iface], 'content-type': 'application/json' },
      size: i % 2 === 0 ? 2_000_000 : 20_000_000,
      chunked: Math.floor(i / 2) % 2 === 1,
    };
    const send = clients[i % clients.length]!;
    return { what: `${send.name} ${route.iface} ${route.path} ${upload.size} bytes ${upload.chunked ? 'chunked' : 'content-length'}`, upload, send };
  });
}

/** "ok …" when the upload got the 413 envelope, else "WRONG …" with what came instead. */
export async function tryUpload(c: UploadCase): Promise<string> {
  try {
    const { status, text } = await c.send(c.upload);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const ok = isPayloadTooLarge(status, body);
    return `${ok ? 'ok' : 'WRONG'} ${c.what}: ${status} ${text.slice(0, 120)}`;
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code ?? '';
    return `WRONG ${c.what}: ${(error as Error).message} ${code}`;
  }
}
