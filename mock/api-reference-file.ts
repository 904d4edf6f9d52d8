// Where the HTML API reference is: dist/docs/api.html, written by scripts/build-docs-html.mjs
// during the build (and so at pack time). Node-only: startMock serves it at /__doppel/docs.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
