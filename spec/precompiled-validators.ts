// The request validators as ajv standalone code, by the key spec/validators.ts caches them under
// (so that the first validated request loads no ajv and compiles nothing), made on the first call:
// evaluating the code when the bundle loads was ~2 ms of every start, before a first answer that
// may validate nothing. This file is the
// source's own answer, none: the package's build (scripts/build-bundle.mjs) replaces it with the
// code scripts/precompile-validators.mjs generates from the documents, so the sources, the tests
// run from them and the browser bundle compile at runtime, as before.
import type { ValidateFunction } from 'ajv/dist/2020.js';

export function precompiledValidators(): Readonly<Record<string, ValidateFunction>> | undefined {
  return undefined;
}
