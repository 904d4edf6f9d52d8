// Part of the build (npm run build): bundles the package's entry points (the `doppel` executable
// and the five `exports`) with esbuild into dist/, as ES modules that share chunks
// (dist/chunks/). A `doppel mock` start then reads a handful of files instead of ~160 compiled
// ones, ~60 ms less CPU before its first answer (the start-up target: within 2x a bare node:http server).
// Dynamic imports stay separate chunks, so what a command does not use is still not loaded.
// Three small dependencies of the fake are bundled in (INLINE: ~70 kB; loading them from
// node_modules took ~40 ms of the start, ipaddr.js as CommonJS most of it), so they are
// devDependencies; the rest (yargs, ajv, yaml, undici, fast-check, msw) stay in node_modules:
// bundled they would take the package past its size guard (yargs alone ~200 kB). No
// minification: stack traces keep real names and lines. The request validators are compiled here,
// not at a fake's first request: spec/precompiled-validators.ts is replaced by their ajv
// standalone code (scripts/precompile-validators.mjs), whose one runtime helper is bundled in. tsc only writes the declarations
// (tsconfig.build.json).
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompiledValidatorsSource } from './precompile-validators.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const INLINE = ['@noble/hashes', '@scure/base', 'ipaddr.js', 'ajv/dist/runtime/ucs2length'];
const precompiled = await precompiledValidatorsSource();
const ENTRY_POINTS = ['bin/doppel.ts', 'mock/index.ts', 'mock/browser.ts', 'conformance/index.ts', 'spec/index.ts', 'fixtures/index.ts',
  'toolkits/vitest.ts', 'toolkits/vitest-global-setup.ts', 'toolkits/jest.ts', 'toolkits/jest-global-setup.ts', 'toolkits/jest-global-teardown.ts', 'toolkits/playwright.ts',
  // doppel proxy's judges: the script of their worker threads (proxy/judge-worker-url.ts finds it).
  'proxy/judge-worker.ts'];

/**
 * The names `importer` imports from builtin `id` by `import { a, b as c } from 'node:…'` (type-only
 * names left out), and whether it imports the default; undefined for any other form of import.
 */
function importedNames(importer, id) {
  const source = readFileSync(importer, 'utf8');
  const names = new Set();
  let found = false;
  const pattern = new RegExp(`^import\\s+(?!type\\s)([^;]*?)\\s+from\\s+['"]${id.replace(/[/]/g, '\\/')}['"]`, 'gm');
  for (const [, clause] of source.matchAll(pattern)) {
    const match = /^(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{([^}]*)\})?$/.exec(clause.trim());
    if (!match) return undefined;
    found = true;
    if (match[1]) names.add('default');
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  return found ? [...names].sort() : undefined;
}

/** The ES module source that stands for builtin `id`: its own object, and the named properties. */
function builtinModule(id, names) {
  const named = names.filter((name) => name !== 'default');
  return [
    // Node 22.0–22.2 (below `engines`) has no process.getBuiltinModule: require it there, so that the fake still starts.
    "import { createRequire } from 'node:module';",
    `const builtin = process.getBuiltinModule?.(${JSON.stringify(id)}) ?? createRequire(import.meta.url)(${JSON.stringify(id)});`,
    'export default builtin;',
    ...(named.length > 0 ? [`export const { ${named.join(', ')} } = builtin;`] : []),
  ].join('\n');
}

const result = await build({
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
  metafile: true,
  plugins: [{
    name: 'builtins-without-facades',
    setup(build) {
      // `import { existsSync } from 'node:fs'` makes Node build the module's ES facade, which reads
      // every export, getters included: fs.promises loads node:fs/promises and its streams, util's
      // and net's load more. ~2 ms for node:fs alone, ~8 ms of a `doppel mock` start in all. The
      // bundle takes each builtin's own object instead (process.getBuiltinModule; required on Node 22.0-22.2)
      // and reads from it only the names the importing file names (on a newer Node, reading every
      // property would also read deprecated ones, which warn: fs.F_OK on Node 24). A dynamic
      // import, or an import of another form, keeps Node's facade.
      build.onResolve({ filter: /^node:/ }, ({ path, importer, kind, namespace }) => {
        // node:module's facade is cheap, and the stand-ins' fallback imports it.
        const names = kind === 'import-statement' && path !== 'node:module' && namespace === 'file' ? importedNames(importer, path) : undefined;
        return names === undefined ? { path, external: true } : { path: `${path}?${names.join(',')}`, namespace: 'builtin' };
      });
      build.onLoad({ filter: /.*/, namespace: 'builtin' }, ({ path }) => {
        const [id, names] = path.split('?');
        return { contents: builtinModule(id, names === '' ? [] : names.split(',')), loader: 'js' };
      });
    },
  }, {
    name: 'external-except-inline',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
        INLINE.some((name) => path === name || path.startsWith(`${name}/`)) ? undefined : { external: true });
      build.onLoad({ filter: /[\\/]spec[\\/]precompiled-validators\.ts$/ }, () => ({ contents: precompiled, loader: 'js', resolveDir: root }));
    },
  }],
});

// Then what an earlier build (or the old per-file tsc output) left there: a stale chunk or module
// must not ship. Removed after writing, not before, so that a test process starting the CLI while
// another one rebuilds (test/robustness/built-cli.ts) never finds the entry point missing.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => join(root, file)));
for (const dir of ['bin', 'mock', 'conformance', 'spec', 'fixtures', 'toolkits', 'chunks', 'proxy']) {
  for (const entry of readdirSync(join(root, 'dist', dir), { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath ?? entry.path, entry.name);
    if (entry.isFile() && file.endsWith('.js') && !written.has(file)) rmSync(file);
  }
}
