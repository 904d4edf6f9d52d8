// A small static server for the example (and its test): this folder, the browser bundle built by
// `npm run build` (dist/browser/doppel-browser.js) and msw's worker script. `node
// examples/browser/serve.mjs [port]` serves it on http://127.0.0.1:5173/ by default.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = new URL('./', import.meta.url);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/** Where each served path comes from; anything else is 404. */
function source(path) {
  if (path === '/' || path === '/index.html') return new URL('index.html', here);
  if (path === '/app.js') return new URL('app.js', here);
  if (path === '/doppel-browser.js') return new URL('../../dist/browser/doppel-browser.js', here);
  if (path === '/mockServiceWorker.js') {
    // What `npx msw init examples/browser` copies, else the same file from the installed msw.
    const copied = new URL('mockServiceWorker.js', here);
    return existsSync(copied) ? copied : new URL('../../node_modules/msw/lib/mockServiceWorker.js', here);
  }
  return undefined;
}

/**
 * Starts the server on 127.0.0.1; resolves with its URL, the paths it was asked for (in order) and
 * close().
 * @param {{ port?: number }} [options]
 */
export function serveExample(options = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push(`${req.method} ${path}`);
    const file = source(path);
    if (!file || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(file ? `${fileURLToPath(file)} is missing: run npm run build` : 'not found');
      return;
    }
    const type = TYPES[path.slice(path.lastIndexOf('.'))] ?? TYPES['.html'];
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://127.0.0.1:${port}/`,
        requests,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done(undefined));
        }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url } = await serveExample({ port: Number(process.argv[2] ?? 5173) });
  console.log(`doppel browser example at ${url}`);
}
