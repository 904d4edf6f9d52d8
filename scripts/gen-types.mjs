// `npm run gen:types`: writes spec/generated/<name>.ts for every spec document.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SPEC_NAMES, generateTypes, generatedPath } from './gen-types-lib.mjs';

for (const name of SPEC_NAMES) {
  const file = generatedPath(name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await generateTypes(name));
  console.log(`wrote ${file}`);
}
