// The built `doppel` executable for the spawned-process tests: rebuilt first when dist/ is missing
// or older than the sources it is compiled from.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
  const sources = Math.max(...['mock', 'bin', 'spec'].map((dir) => newestSource(join(ROOT, dir))));
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
