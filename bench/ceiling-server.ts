// The ceiling: a plain node:http server that answers every request with one constant JSON body.
// Run as a child process; prints `listening <port>` once it accepts connections.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = process.env.CEILING_BODY ?? '{"success":true,"data":[]}';
/** CEILING_BODIES: a JSON object of path → body, for targets answering more than one operation (bench/proxy-production.ts). */
const bodies = new Map(Object.entries(JSON.parse(process.env.CEILING_BODIES ?? '{}') as Record<string, string>).map(([path, text]) => [path, { text, length: String(Buffer.byteLength(text)) }]));
const fallback = { text: body, length: String(Buffer.byteLength(body)) };

const server = createServer({ keepAlive: true }, (req, res) => {
  // Read (and drop) any body so keep-alive connections stay usable for POSTs too.
  req.resume();
  req.on('end', () => {
    const answer = bodies.get((req.url ?? '/').split('?')[0] as string) ?? fallback;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.length });
    res.end(answer.text);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
