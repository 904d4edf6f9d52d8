// Child process of bench/long-lived.ts: one admin request, its answer read to its end and dropped,
// then prints {status, ms, bytes}: the admin client (the reader of a large export, the sender of
// a state to import) is kept out of the process that times the other requests (its work would
// read as their wait). Arguments: URL [METHOD [BODY_FILE [NAMESPACE]]] (BODY_FILE "-" for none).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const [url = '', method = 'GET', bodyFile = '-', namespace] = process.argv.slice(2);
const body = bodyFile === '-' ? undefined : readFileSync(bodyFile);
const headers: Record<string, string> = { 'content-type': 'application/json' };
if (body !== undefined) headers['content-length'] = String(body.length);
if (namespace !== undefined) headers['x-doppel-namespace'] = namespace;
const started = performance.now();
const req = request(url, { method, headers }, (res) => {
  let bytes = 0;
  res.on('data', (chunk: Buffer) => (bytes += chunk.length));
  res.on('end', () => process.stdout.write(`${JSON.stringify({ status: res.statusCode, ms: performance.now() - started, bytes })}\n`));
});
// A refused upload (413, then the connection closed while it is still being sent) can end in a
// reset: reported as no answer (status 0) with the error, once.
let reported = false;
req.on('response', () => (reported = true));
req.on('error', (error) => {
  if (reported) return;
  reported = true;
  process.stdout.write(`${JSON.stringify({ status: 0, ms: performance.now() - started, bytes: 0, error: error.message })}\n`);
});
req.end(body);
