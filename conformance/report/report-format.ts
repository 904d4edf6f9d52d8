// What a JSON report says about itself: its format version and the doppel that wrote it, so that
// `--baseline` compares only with a report it can read (a report of another format is refused).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';

/**
 * The JSON report's format version (`"doppel_check_report"`). Raised when a field that --baseline
 * reads changes meaning or goes away (CHANGELOG: Breaking); new fields keep it.
 */
export const REPORT_FORMAT = 1;

let version: string | undefined;

/**
 * package.json's version. Looked up from this module's place upwards, since the build moves it:
 * conformance/ (source), dist/chunks/ or dist/conformance/ (built, also when installed).
 */
export function doppelVersion(): string {
  if (version !== undefined) return version;
  // The single executable has no package.json file beside it: its asset (scripts/build-sea.mjs).
  if (isSea()) return (version = (JSON.parse(getAsset('package.json', 'utf8')) as { version: string }).version);
  version = 'unknown';
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'doppel' && pkg.version) return (version = pkg.version);
    }
    if (dirname(dir) === dir) return version;
  }
}
