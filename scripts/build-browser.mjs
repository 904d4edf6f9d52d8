// Part of the build: bundles doppel/browser (mock/browser.ts: the fake, ajv, the spec, msw's
// setupWorker) into one ES module, dist/browser/doppel-browser.js, for pages without a bundler
// (examples/browser). Apps with a bundler import `doppel/browser` (dist/mock/browser.js) instead.
// Prints the size, minified and gzipped, that docs/guides/client-developers.md states.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';

const outfile = new URL('../dist/browser/doppel-browser.js', import.meta.url);
await build({
  entryPoints: [new URL('../mock/browser.ts', import.meta.url).pathname],
  outfile: outfile.pathname,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  legalComments: 'eof',
  logLevel: 'warning',
});
const bytes = readFileSync(outfile);
const kb = (n) => `${(n / 1000).toFixed(0)} kB`;
if (process.argv.includes('--size')) console.log(`dist/browser/doppel-browser.js: ${kb(bytes.length)} minified, ${kb(gzipSync(bytes).length)} gzipped`);
