// Report files are checked before the run sends any request: a missing directory is
// created, a path that cannot be written is a usage problem (exit 2), so that a long run never
// ends in "PASSED" and a lost report.
import { closeSync, existsSync, openSync, unlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createFolders } from '../../mock/index.js';

/** Undefined when every file can be written; else one line naming the flag and the reason. */
export function reportPathProblem(files: { flag: string; file: string | undefined }[]): string | undefined {
  for (const { flag, file } of files) {
    if (file === undefined) continue;
    const path = resolve(file);
    try {
      createFolders(dirname(path));
      const existed = existsSync(path);
      closeSync(openSync(path, 'a'));
      if (!existed) unlinkSync(path);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'error';
      return `${flag} ${file} cannot be written (${code}: ${(error as Error).message}); choose a writable path`;
    }
  }
  return undefined;
}
