// Part of the build (npm run build): bundles the package's entry points (the `doppel` executable
// and the five `exports`) with esbuild into dist/, as ES modules that share chunks
// (dist/chunks/). A `doppel mock` start then reads a handful of files instead of ~160 compiled
// ones, which was a third of its start-up (issue 16: start-up within 2x a bare node:http server).
// Dynamic imports stay separate chunks, so what a command does not use is still not loaded.
// Three small dependencies of the fake are bundled in (INLINE: ~70 kB; loading them from
// node_modules took ~40 ms of the start, ipaddr.js as CommonJS most of it), so they are
// devDependencies; the rest (yargs, ajv, yaml, undici, fast-check, msw) stay in node_modules:
// bundled they would take the package past its size guard (yargs alone ~200 kB). No
// minification: stack traces keep real names and lines. tsc only writes the declarations
// (tsconfig.build.json).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const INLINE = ['@noble/hashes', '@scure/base', 'ipaddr.js'];
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
  minify: false,
  sourcemap: false,
  // The bundled dependencies' license headers (/*! ... MIT License */) stay, at each file's end.
  legalComments: 'eof',
  logLevel: 'warning',
  plugins: [{
    name: 'external-except-inline',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
        INLINE.some((name) => path === name || path.startsWith(`${name}/`)) ? undefined : { external: true });
    },
  }],
});
