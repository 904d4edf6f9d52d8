// The built `doppel` executable for the spawned-process tests: rebuilt first when dist/ is missing
// or older than the sources it is compiled from.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DOPPEL_BIN = join(ROOT, 'dist', 'bin', 'doppel.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|ya?ml)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/ (npm run build) when needed; returns the path of dist/bin/doppel.js. */
export function ensureBuilt(): string {
  const sources = Math.max(...['mock', 'bin', 'spec', 'conformance', 'proxy', 'diff'].map((dir) => newestSource(join(ROOT, dir))));
  if (!existsSync(DOPPEL_BIN) || statSync(DOPPEL_BIN).mtimeMs < sources) {
    try {
      execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
    } catch (error) {
      // tsc still emits when another file fails to type-check; the typecheck step reports that.
      if (!existsSync(DOPPEL_BIN)) throw error;
    }
  }
  return DOPPEL_BIN;
}

/** A way to start doppel: the file to execute, the arguments before doppel's own, the environment. */
export interface DoppelCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** What runs: `dist/bin/doppel.js` or the single executable's path. */
  label: string;
  /** The name its usage lines and completion scripts give it: `doppel`, or the single executable's file name. */
  name: string;
}

let emptyPath: string | undefined;

/**
 * How the spawned-process tests start doppel: `node dist/bin/doppel.js` (built first when stale),
 * or, when DOPPEL_EXECUTABLE names one (.ci/run: dist/sea/doppel-linux-x64), that single executable
 * with a PATH of one empty folder, so that nothing it does can reach a node or npm.
 */
export function doppelCommand(env: NodeJS.ProcessEnv = {}): DoppelCommand {
  const executable = process.env.DOPPEL_EXECUTABLE;
  if (executable === undefined || executable === '') {
    return { file: process.execPath, args: [ensureBuilt()], env: { ...process.env, ...env }, label: 'dist/bin/doppel.js', name: 'doppel' };
  }
  emptyPath ??= mkdtempSync(join(tmpdir(), 'doppel-no-node-'));
  return { file: executable, args: [], env: { ...process.env, ...env, PATH: emptyPath }, label: executable, name: basename(executable) };
}
