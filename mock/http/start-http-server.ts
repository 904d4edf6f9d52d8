// startHttpServer: serves an App over node:http, turning each IncomingMessage into a FakeRequest.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decodeBody, declaredLengthExceeds, DEFAULT_BODY_LIMIT_BYTES } from '../core/decode-body.js';
import type { FakeRequest } from '../core/fake-request.js';
import { stderrLogger, type App, type Logger } from '../core/pipeline.js';
import { isLoopbackAddress } from '../core/is-loopback-address.js';
import { clientIpOf } from './client-ip-of.js';
import { parserRefusal } from './parser-refusal.js';

export interface HttpServerOptions {
  /** Default 127.0.0.1: a fake should not be reachable from the network unless asked. */
  host?: string;
  /** Default 0: the OS picks a free port, read it from the result. */
  port?: number;
  bodyLimitBytes?: number;
  /**
   * How much of an oversized body is read and dropped before the 413 is written (see readBody).
   * Default 64 MiB.
   */
  discardLimitBytes?: number;
  // Empty by default: any client can send X-Forwarded-For, and the IP whitelist (seed trading §5.6)
  // must not be that easy to pass.
  /** Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For is believed (clientIpOf). */
  trustProxy?: readonly string[];
  logger?: Logger;
  /** How long close() waits for in-flight requests before cutting connections. Default 5000. */
  closeGraceMs?: number;
  /** Slowloris bound: the request line and headers must arrive within this. Default 10 000 ms. */
  headersTimeoutMs?: number;
  /** The whole request, body included, must arrive within this. Default 30 000 ms. */
  requestTimeoutMs?: number;
  /** Called once per answered request, after the answer is written (request logging). */
  onRequest?: (entry: AnsweredRequest) => void;
  /** Client-side trouble (malformed requests, timeouts, aborted uploads): not a fault of the fake. */
  onClientError?: (line: string) => void;
}

/** What a request log line may use; the logger masks credentials (mock/core/mask-secrets.ts). */
export interface AnsweredRequest {
  method: string;
  /** Path and query as sent. */
  target: string;
  status: number;
  durationMs: number;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body, undefined when none (or not decodable). */
  body: unknown;
}

export interface RunningHttpServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  port: number;
  server: Server;
  /** Stops accepting, lets in-flight requests finish, closes idle keep-alive sockets. */
  close(): Promise<void>;
}

export async function startHttpServer(app: App, options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const discardLimit = Math.max(limit, options.discardLimitBytes ?? DEFAULT_DISCARD_LIMIT_BYTES);
  const logger = options.logger ?? stderrLogger;
  const closeGraceMs = options.closeGraceMs ?? 5000;
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const clientError = options.onClientError ?? (() => {});
  // Requests through a loopback listener meet the Host rule (mock/core/host-check.ts).
  const listener = isLoopbackAddress(host) ? 'loopback' : 'network';
  const trustProxy = options.trustProxy ?? [];
  let closing = false;
  // Answers a fault rule delays (mock/core/fault-rules.ts) are requests in flight like any other:
  // close() lets them finish within its grace (docs/guides/operating.md, shutdown), and cuts the
  // connection of one still waiting then (its 'close' clears the timer).
  const later = (res: ServerResponse, ms: number, act: () => void): void => {
    const timer = setTimeout(() => post(res, act), ms);
    res.once('close', () => clearTimeout(timer));
  };

  // Answers are written together, once per turn of the event loop (setImmediate runs right after
  // the poll phase that read the requests): a response written to a loopback socket wakes the
  // client from inside the write, and when answers are written one by one between requests the
  // client has fallen asleep again before each. Written back to back, only the first of a turn
  // wakes it. With 32 connections: a constant-body node:http server went from 41-45 to 52-57
  // thousand answers a second, one that spends 20 µs per request from 15-20 to 23 thousand. A
  // request alone on the loop waits for nothing: its turn ends with it. node writes the answers
  // of one connection in its requests' order, whenever each is ended.
  let outbox: { res: ServerResponse; act: () => void }[] = [];
  const flush = (): void => {
    const due = outbox;
    outbox = [];
    for (const { res, act } of due) {
      // The client went away meanwhile: as for a delayed answer, nothing is written.
      if (res.destroyed) continue;
      try {
        act();
      } catch (error) {
        failed(res, error);
      }
    }
  };
  const post = (res: ServerResponse, act: () => void): void => {
    if (outbox.length === 0) setImmediate(flush);
    outbox.push({ res, act });
  };
  // app.handle never throws; this is a bug in this adapter (or a bad header value).
  const failed = (res: ServerResponse, error: unknown): void => {
    logger.error('doppel: failed to answer a request', error);
    if (res.headersSent) res.destroy();
    else send(res, 500, { 'content-type': 'application/json; charset=utf-8', connection: 'close' }, INTERNAL_BODY);
  };

  // node checks the two timeouts only every connectionsCheckingInterval (default 30 s), which
  // would let a slowloris client hold a socket up to 40 s instead of 10: check at least every
  // second, and often enough for short timeouts given in tests.
  const checkEvery = Math.max(50, Math.min(1000, Math.floor(Math.min(headersTimeout, requestTimeout) / 4)));
  const server = createServer({ keepAlive: true, connectionsCheckingInterval: checkEvery }, (req, res) => {
    // Timed only for the request log: performance.now() per request is a measurable cost on the hot path.
    const started = options.onRequest === undefined ? 0 : performance.now();
    const answer = (bytes: Uint8Array | null): void => {
      try {
        const fake = toFakeRequest(req, bytes, limit, trustProxy, listener);
        // Handlers are synchronous; the whole request is applied here, in one turn of the loop.
        const response = app.handle(fake);
        const act = (): void => {
          // Fault injection (mock/core/fault-rules.ts): no answer, the connection is cut.
          if (response.drop === true) {
            res.destroy();
            return;
          }
          // After an oversized body, close rather than reuse the connection (beyond the discard
          // bound the rest of the upload was never read). While closing, do not keep alive either.
          if (bytes === null || closing) response.headers['connection'] = 'close';
          if (response.chunks !== undefined) writeChunks(res, response.status, response.headers, response.chunks, logger);
          else send(res, response.status, response.headers, response.text);
          options.onRequest?.({
            method: fake.method,
            target: req.url ?? '/',
            status: response.status,
            durationMs: performance.now() - started,
            headers: req.headers,
            body: fake.body,
          });
        };
        if (response.delayMs === undefined || response.delayMs <= 0) post(res, act);
        else later(res, response.delayMs, act);
      } catch (error) {
        failed(res, error);
      }
    };
    // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): answer
    // it at once, without a promise and stream listeners; most reads are such requests.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      answer(EMPTY);
      return;
    }
    readBody(req, limit, discardLimit, answer, (error) => {
      // The client went away mid-body (aborted/reset): nobody is left to answer, and the fake
      // did nothing wrong.
      clientError(`doppel: a client went away while sending ${req.method ?? ''} ${req.url ?? ''}: ${error.message}`);
      req.destroy();
    });
  });
  // Slowloris bounds: headers within 10 s, the whole request within 30 s (by default).
  server.headersTimeout = headersTimeout;
  server.requestTimeout = requestTimeout;
  server.keepAliveTimeout = 5_000;
  // Requests node's parser refuses before they reach the handler (malformed request line or
  // headers, headers over 16 KiB, the timeouts above) get the error envelope too, not node's
  // bare "400 Bad Request" without a body.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const { status, body: refusal } = parserRefusal(error.code);
    clientError(`doppel: refused a malformed or slow request (${error.code ?? error.message}): ${status}`);
    // A response already under way on this socket cannot be followed by another one.
    if (!socket.writable || (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(refusal);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed: Promise<void> | undefined;
  function close(): Promise<void> {
    closed ??= new Promise<void>((resolve, reject) => {
      closing = true;
      const force = setTimeout(() => server.closeAllConnections(), closeGraceMs);
      server.close((error) => {
        clearTimeout(force);
        if (error !== undefined) reject(error);
        else resolve();
      });
      server.closeIdleConnections();
    });
    return closed;
  }

  return { url, port, server, close };
}

/** 64 MiB: a 20 MB upload still gets its 413; loopback reads that in well under a second. */
const DEFAULT_DISCARD_LIMIT_BYTES = 64 * 1_048_576;

const INTERNAL_BODY = JSON.stringify({ success: false, error: 'internal error', code: 'internal' });

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Reads the body; null once it exceeds limit. An oversized body is still read to its end, and
 * dropped chunk by chunk (never buffered), before the 413 is written, up to discardLimit bytes:
 * answering and closing while the client is still sending makes the kernel reset the connection
 * (unread bytes at close), and the client sees EPIPE or ECONNRESET instead of the 413.
 * Servers call this a lingering close. Beyond discardLimit, or when Content-Length already says
 * so, the 413 goes out at once and the connection closes: a bound on what a client can make the
 * fake read (the request timeout bounds the time).
 */
function readBody(req: IncomingMessage, limit: number, discardLimit: number, done: (bytes: Uint8Array | null) => void, failed: (error: Error) => void): void {
  if (declaredLengthExceeds(req.headers['content-length'], discardLimit)) {
    // A client that aborts meanwhile must not become an unhandled 'error'.
    req.on('error', () => {});
    req.resume();
    done(null);
    return;
  }
  // Plain callbacks, no promise (one fewer turn per write); the usual body is one chunk, kept as
  // it is rather than copied by Buffer.concat.
  let first: Buffer | undefined;
  let rest: Buffer[] | undefined;
  let size = 0;
  let over = declaredLengthExceeds(req.headers['content-length'], limit);
  let settled = false;
  const settle = (bytes: Uint8Array | null): void => {
    if (settled) return;
    settled = true;
    done(bytes);
  };
  // The listener stays after settling: what arrives after the answer is dropped too.
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (!over && size > limit) {
      over = true;
      first = undefined;
      rest = undefined;
    }
    if (!over) {
      if (first === undefined) first = chunk;
      else (rest ??= [first]).push(chunk);
    } else if (size > discardLimit) settle(null);
  });
  req.once('end', () => settle(over ? null : rest !== undefined ? Buffer.concat(rest) : (first ?? EMPTY)));
  req.on('error', (error) => {
    if (settled) return;
    settled = true;
    failed(error);
  });
}

function toFakeRequest(req: IncomingMessage, bytes: Uint8Array | null, limit: number, trustProxy: readonly string[], listener: 'loopback' | 'network'): FakeRequest {
  const headers = singleValued(req.headers);
  const target = splitTarget(req.url ?? '/');
  const decoded = decodeBody(bytes, headers['content-type'], limit);
  const ip = trustProxy.length === 0 ? (req.socket.remoteAddress ?? '') : clientIpOf(req.socket.remoteAddress ?? '', headers['x-forwarded-for'], trustProxy);
  const fake = new HttpRequest(req.method ?? 'GET', target, headers, decoded.body, ip, listener);
  if (decoded.bodyError !== undefined) fake.bodyError = decoded.bodyError;
  else if (decoded.text !== undefined) fake.bodyText = decoded.text;
  return fake;
}

/**
 * A FakeRequest whose query is parsed when first read: a read answered again from what was kept
 * (mock/core/answer-cache.ts) never reads it, and parsing one cost more than answering it.
 */
class HttpRequest implements FakeRequest {
  bodyText?: string;
  bodyError?: FakeRequest['bodyError'];
  path: string;
  search: string;
  private parsed: URLSearchParams | undefined;
  constructor(
    public method: string,
    target: { path: string; search: string },
    public headers: Record<string, string | undefined>,
    public body: unknown,
    public ip: string,
    public listener: 'loopback' | 'network',
  ) {
    this.path = target.path;
    this.search = target.search;
  }
  get query(): URLSearchParams {
    return (this.parsed ??= new URLSearchParams(this.search));
  }
}

/**
 * node's own header object when every value is a string (node joins repeated request headers with
 * ", ", except set-cookie, which it keeps as an array): copying it per request, as Object.entries
 * pairs, showed in a CPU profile under load. The object is the request's and is not changed after this.
 */
function singleValued(incoming: IncomingMessage['headers']): Record<string, string | undefined> {
  if (!Array.isArray(incoming['set-cookie'])) return incoming as Record<string, string | undefined>;
  const headers: Record<string, string | undefined> = {};
  for (const name in incoming) {
    const value = incoming[name];
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

// Split by hand rather than new URL(target, base): a target like "//api/v1/prices" would be read
// as a host name by the URL parser.
function splitTarget(target: string): { path: string; search: string } {
  if (/^https?:\/\//i.test(target)) {
    // absolute-form (proxy style) request target; one that is no URL names no route (404)
    const url = URL.canParse(target) ? new URL(target) : undefined;
    if (url === undefined) return { path: target, search: '' };
    return { path: url.pathname, search: url.search.slice(1) };
  }
  const q = target.indexOf('?');
  return q === -1 ? { path: target, search: '' } : { path: target.slice(0, q), search: target.slice(q + 1) };
}


function send(res: ServerResponse, status: number, headers: Record<string, string>, text: string): void {
  // A HEAD answer comes with the length of the GET body it stands for (set by the gateway).
  headers['content-length'] ??= String(Buffer.byteLength(text));
  res.writeHead(status, headers);
  res.end(text);
}

/**
 * A body made in pieces (FakeResponse.chunks), chunked on the wire: one piece per turn of the event
 * loop (setImmediate), so that requests on other connections are served between two pieces, and
 * none while the socket's buffer is full ('drain'), so that a slow reader holds no more than a
 * piece in memory. A client that goes away abandons the rest.
 */
function writeChunks(res: ServerResponse, status: number, headers: Record<string, string>, chunks: Iterator<string, void, undefined>, logger: Logger): void {
  res.writeHead(status, headers);
  let finished = false;
  const abandon = (): void => {
    if (finished) return;
    finished = true;
    chunks.return?.();
  };
  res.once('close', abandon);
  const pump = (): void => {
    if (finished) return;
    let step: IteratorResult<string, void>;
    try {
      step = chunks.next();
    } catch (error) {
      // A bug in the producer: the status is already sent, so the connection is cut.
      logger.error('doppel: failed to make a piece of an answer', error);
      finished = true;
      res.destroy();
      return;
    }
    if (step.done === true) {
      finished = true;
      res.end();
      return;
    }
    // Through setImmediate after a 'drain' too: a write that completes at once emits 'drain' from
    // process.nextTick, and pumping from there would make the whole body in one turn of the loop.
    if (res.write(step.value)) setImmediate(pump);
    else res.once('drain', later);
  };
  const later = (): void => void setImmediate(pump);
  setImmediate(pump);
}

const EMPTY = new Uint8Array(0);
