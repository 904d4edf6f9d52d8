// createFolders: makes a folder and the missing ones on its way, one level at a time. Node's own
// `mkdir(…, { recursive: true })` never returns for a path under /proc whose parent refuses a new
// entry (it retries the parent forever at full CPU); here each level is one plain mkdir, so such a
// path fails at once with the error of the level that could not be made.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Creates `folder` and its missing parents; throws the first error (ENOENT, EACCES, EROFS, ENOTDIR, …) with its `code`. */
export function createFolders(folder: string): void {
  const missing: string[] = [];
  for (let path = resolve(folder); ; path = dirname(path)) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat !== undefined) {
      if (!stat.isDirectory()) throw Object.assign(new Error(`${path} is not a folder`), { code: 'ENOTDIR' });
      break;
    }
    missing.unshift(path);
    if (dirname(path) === path) break;
  }
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
}
