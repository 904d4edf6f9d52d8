// Child process of bench/long-lived.ts: reads one URL's answer to its end and drops it, then
// prints {ms, bytes}: the reader of a large export is kept out of the process that times the
// other requests (its parsing would read as their wait).
import { get } from 'node:http';

const url = process.argv[2] ?? '';
const started = performance.now();
get(url, (res) => {
  let bytes = 0;
  res.on('data', (chunk: Buffer) => (bytes += chunk.length));
  res.on('end', () => process.stdout.write(`${JSON.stringify({ status: res.statusCode, ms: performance.now() - started, bytes })}\n`));
}).on('error', (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
