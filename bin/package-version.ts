// package.json's version, from bin/ (source) or dist/bin/ (built), or the single executable's
// package.json asset (scripts/build-sea.mjs): --version, and the creator of a HAR doppel proxy writes.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';

export function version(): string {
  if (isSea()) return (JSON.parse(getAsset('package.json', 'utf8')) as { version: string }).version;
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, '..'), join(here, '..', '..')]) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'doppel' && pkg.version) return pkg.version;
    }
  }
  return 'unknown';
}
