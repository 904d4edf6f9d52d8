// The archive npm run build:release wrote (dist/release/), unpacked into a folder of the test's.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../robustness/built-cli.js';

export const RELEASE_DIR = join(ROOT, 'dist', 'release');

export interface ReleaseArchive {
  version: string;
  /** The archive's folder name, and the folder it unpacks to: doppel-<version>-linux-x64. */
  name: string;
  path: string;
}

/** The archive of this checkout's version; throws when npm run build:release has not run. */
export function releaseArchive(): ReleaseArchive {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const name = `doppel-${version}-linux-x64`;
  const path = join(RELEASE_DIR, `${name}.tar.xz`);
  if (!existsSync(path)) throw new Error(`${path} is missing: npm run build:release`);
  return { version, name, path };
}

/** Unpacks the archive into dir with tar, as a user would; returns the folder it made. */
export function unpackRelease(archive: ReleaseArchive, dir: string): string {
  execFileSync('tar', ['-xJf', archive.path], { cwd: dir });
  return join(dir, archive.name);
}
