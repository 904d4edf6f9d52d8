// The HTML API reference: dist/docs/api.html, written by scripts/build-docs-html.mjs during the
// build (and so at pack time), or the single executable's api.html asset (scripts/build-sea.mjs).
// Node-only: startMock serves it at /__doppel/docs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';

/**
 * The page's path from mock/ (source, run by vitest) or dist/mock/ (built, installed), or null when
 * the build that writes it has not run.
 */
export function apiReferenceFile(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '..', 'docs', 'api.html'), join(here, '..', 'dist', 'docs', 'api.html')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The page's text, or null when the build that writes it has not run. */
export function apiReferenceText(): string | null {
  if (isSea()) return getAsset('api.html', 'utf8');
  const file = apiReferenceFile();
  return file === null ? null : readFileSync(file, 'utf8');
}
