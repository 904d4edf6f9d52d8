// dist/release/SHA256SUMS: the checksum of every file published in dist/release/ (the archive of
// npm run build:release, the image of npm run build:image), so that a download can be checked with
// `sha256sum -c --ignore-missing SHA256SUMS` beside it. Each build rewrites it over what is there.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes dir/SHA256SUMS over the regular files of dir (not itself). */
export function writeReleaseSums(dir) {
  const files = readdirSync(dir).filter((file) => file !== 'SHA256SUMS' && statSync(join(dir, file)).isFile()).sort();
  const lines = files.map((file) => `${createHash('sha256').update(readFileSync(join(dir, file))).digest('hex')}  ${file}\n`);
  writeFileSync(join(dir, 'SHA256SUMS'), lines.join(''));
}
