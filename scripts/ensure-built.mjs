// prestart and pretest: builds dist/ (npm run build) when it is missing or older than what it is
// built from. Nothing builds on install (the package is built once, by prepack), so a fresh clone's
// `npm ci && npm start` and `npm ci && npm test` build here, and later runs skip a build that is
// current (the build takes ~10 s, most of it tsc writing declarations).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['spec', 'mock', 'conformance', 'proxy', 'diff', 'fixtures', 'toolkits', 'bin', 'scripts', 'docs/reference/api-reference.md', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];
// One output of each build step (scripts/build-bundle.mjs, tsc's declarations, the HTML reference,
// the browser bundle).
const OUTPUTS = ['dist/bin/doppel.js', 'dist/mock/index.d.ts', 'dist/docs/api.html', 'dist/browser/doppel-browser.js'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const built = Math.min(...OUTPUTS.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)));
const sources = Math.max(...SOURCES.map((source) => newest(join(root, source))));
if (built < sources) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
