// The request validators as ajv standalone code, by the key spec/validators.ts caches them under
// (so that the first validated request loads no ajv and compiles nothing). This file is the
// source's own answer, none: the package's build (scripts/build-bundle.mjs) replaces it with the
// code scripts/precompile-validators.mjs generates from the documents, so the sources, the tests
// run from them and the browser bundle compile at runtime, as before.
import type { ValidateFunction } from 'ajv/dist/2020.js';

export const precompiled: Readonly<Record<string, ValidateFunction>> | undefined = undefined;
