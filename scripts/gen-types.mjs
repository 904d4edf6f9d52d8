// `npm run gen:types`: writes spec/generated/<name>.ts (types) and <name>-document.ts (the document
// as a module) for every spec document.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SPEC_NAMES, documentPath, generateDocument, generateTypes, generatedPath } from './gen-types-lib.mjs';

for (const name of SPEC_NAMES) {
  const file = generatedPath(name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await generateTypes(name));
  console.log(`wrote ${file}`);
  await writeFile(documentPath(name), await generateDocument(name));
  console.log(`wrote ${documentPath(name)}`);
}
