// The system's PATH (a CI image's: /usr/local/bin, /usr/bin, /bin and their sbin) without node, npm,
// npx or corepack: the commands a team without Node runs must not reach one. node lives in
// /usr/bin here, so the folders cannot simply be dropped: one folder of links to every other
// program in them stands in. python3 is then Debian's, the one python3-pytest installs into.
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const NODE_TOOLS = new Set(['node', 'nodejs', 'npm', 'npx', 'corepack']);

const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Fills dir with links to the programs of path but Node's (the first of each name wins); returns dir. */
export function pathWithoutNode(dir: string, path = SYSTEM_PATH): string {
  mkdirSync(dir, { recursive: true });
  for (const folder of path.split(delimiter)) {
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      const target = join(folder, name);
      if (NODE_TOOLS.has(name) || existsSync(join(dir, name))) continue;
      try {
        if (!statSync(target).isFile()) continue;
      } catch {
        continue;
      }
      symlinkSync(target, join(dir, name));
    }
  }
  return dir;
}
