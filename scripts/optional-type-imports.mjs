// Run by `npm run build` after tsc wrote the declarations: every type-only import of a module that a
// project using doppel may lack gets a `// @ts-ignore` above it, so that with `skipLibCheck: false`
// the types it names become `any` there instead of failing the project's type check. Those modules:
// msw (an optional peer: doppel/mock's createHandlers and a toolkit's handlers() name its
// RequestHandler, and a project that never calls them need not install msw) and Node's own modules
// (`node:*`, typed by @types/node, which a project with only a test runner does not have). Where
// they are installed, the import resolves and the types are exact. tsc keeps no such comment from
// the sources, hence this step.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const OPTIONAL = /^import (type \{[^}]*\}|\{(,? ?type \w+)+ \}) from '(msw|node:[\w/]+)';$/;
const MARK = '// @ts-ignore: a module the project may not have (an optional peer, or @types/node); its types are then any';

/** The .d.ts files under a folder of dist/. */
function declarations(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declarations(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

for (const folder of ['mock', 'toolkits', 'conformance', 'spec', 'fixtures']) {
  for (const file of declarations(join(DIST, folder))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const marked = lines.flatMap((line, i) => (OPTIONAL.test(line) && lines[i - 1] !== MARK ? [MARK, line] : [line]));
    if (marked.length !== lines.length) writeFileSync(file, marked.join('\n'));
  }
}
