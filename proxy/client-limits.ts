// What the proxy allows its clients, so that clients cannot hold it (slowloris) and those it
// serves get their answers: a head must come whole within the headers timeout, a kept-alive
// connection idle longer than the idle timeout is closed, connections over the cap are answered
// 503 in the interfaces' error envelope and closed. A client that half-closes after its request
// (a FIN after the last byte, as `nc -N` or a shell's HTTP client does) gets its answer, as it does
// from the target directly; so does one that sends a CRLF after a `Connection: close` request
// (RFC 9112 §2.2 lets a server ignore empty lines before a request): the answer under way is let
// finish. A head node's parser refuses gets a 4xx in the envelope, not node's bare one.
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const DEFAULT_MAX_CONNECTIONS = 1_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 5_000;

export interface ClientLimits {
  maxConnections: number;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
}

/** createServer's options for the limits: node checks its timeouts every connectionsCheckingInterval. */
export function serverOptions(limits: ClientLimits): { requestTimeout: number; connectionsCheckingInterval: number } {
  // No limit on a whole request: an upload streams through at the client's pace, as directly.
  return { requestTimeout: 0, connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))) };
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large', 503: 'Service Unavailable' };

function rawAnswer(status: number, error: string, code: string, extra = ''): string {
  const body = JSON.stringify({ success: false, error: `doppel proxy: ${error}`, code });
  return `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}connection: close\r\n\r\n${body}`;
}

/** The refusal node's parser errors get (node's own codes: lib/_http_server.js). */
function refusalOf(code: string | undefined): { status: number; error: string; code: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, error: 'the request head did not come whole in time', code: 'request_timeout' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, error: 'the request head is too large', code: 'headers_too_large' };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, error: 'the chunk extensions are too large', code: 'payload_too_large' };
  return { status: 400, error: `the request is not valid HTTP/1.1 (${code ?? 'parse error'})`, code: 'malformed_request' };
}

/**
 * Applies the limits to a server; `refused`: told of each connection or request refused, one line.
 * Returns whether a connection was refused over the cap (node may still parse a request on it: not to be forwarded).
 */
export function limitClients(server: Server, limits: ClientLimits, refused: (line: string) => void): (socket: Socket | null) => boolean {
  server.headersTimeout = limits.headersTimeoutMs;
  server.keepAliveTimeout = limits.idleTimeoutMs;
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  let open = 0;
  const over = new WeakSet<Socket>();
  // Before node's own listener: the refusal is the first thing written on the connection.
  server.prependListener('connection', (socket: Socket) => {
    if (open >= limits.maxConnections) {
      over.add(socket);
      refused(`a connection over --max-connections ${limits.maxConnections} (503)`);
      socket.on('error', () => undefined);
      socket.end(rawAnswer(503, `more than ${limits.maxConnections} connections are open (--max-connections); try again`, 'too_many_connections', 'retry-after: 1\r\n'));
      // What the client sends meanwhile is not read: the connection is gone soon either way.
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    open++;
    socket.once('close', () => open--);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    // Bytes after a `Connection: close` request: the answer under way is still the client's.
    if (error.code === 'HPE_CLOSED_CONNECTION' && inFlight && !inFlight.writableEnded) return;
    // A request under way (its body cut short): no second answer can follow its own.
    if (inFlight || over.has(socket) || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const r = refusalOf(error.code);
    refused(`a request node's parser refused (${error.code ?? error.message}): ${r.status}`);
    socket.end(rawAnswer(r.status, r.error, r.code));
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
  return (socket) => socket !== null && over.has(socket);
}
