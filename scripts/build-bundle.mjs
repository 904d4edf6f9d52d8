// Part of the build (npm run build): bundles the package's entry points (the `doppel` executable
// and the five `exports`) with esbuild into dist/, as ES modules that share chunks
// (dist/chunks/). A `doppel mock` start then reads a handful of files instead of ~160 compiled
// ones, which was a third of its start-up (issue 16: start-up within 2x a bare node:http server).
// Dynamic imports stay separate chunks, so what a command does not use is still not loaded.
// Dependencies stay in node_modules (packages: 'external'): bundling them would duplicate what npm
// installs and take the package past its size guard. No minification: stack traces keep real
// names and lines. tsc only writes the declarations (tsconfig.build.json).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRY_POINTS = ['bin/doppel.ts', 'mock/index.ts', 'mock/browser.ts', 'conformance/index.ts', 'spec/index.ts', 'fixtures/index.ts'];

// What an earlier build (or tsc) wrote there: a stale file must not ship or be imported.
for (const dir of ['bin', 'mock', 'conformance', 'spec', 'fixtures', 'chunks']) {
  rmSync(`${root}/dist/${dir}`, { recursive: true, force: true });
}

await build({
  absWorkingDir: root,
  entryPoints: ENTRY_POINTS,
  outbase: '.',
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
