// One HTTP/1.1 exchange over a raw socket: the bytes go out exactly as given (invalid header
// characters, duplicated headers, a wrong Content-Length), which fetch and undici refuse to send.
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  target: string;
  /** Name and value; values are written as latin1 bytes, so any byte can be sent. */
  headers: Array<[string, string]>;
  body?: Buffer;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export function rawExchange(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  if (request.body !== undefined) lines.push(`Content-Length: ${request.body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parse(Buffer.concat(chunks));
      if (answer !== null) resolve(answer);
      else reject(error ?? new Error(`no HTTP answer to ${request.method} ${request.target.slice(0, 80)}`));
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // The server may answer (413) and close while the upload is still going: EPIPE/ECONNRESET after
    // an answer is not a failure.
    socket.on('error', (error) => finish(error));
    socket.write(request.body === undefined ? head : Buffer.concat([head, request.body]));
  });
}

function parse(bytes: Buffer): RawAnswer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (match === null) return null;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  const length = Number(headers['content-length']);
  if (Number.isInteger(length)) {
    if (body.length < length) return null; // cut short
    body = body.subarray(0, length);
  }
  return { status: Number(match[1]), headers, text: body.toString('utf8') };
}
