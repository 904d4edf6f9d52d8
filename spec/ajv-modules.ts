// Where the validators get ajv from. ajv and ajv-formats are CommonJS and take ~50 ms to load, so
// in Node they are required on first use, not at start-up (`doppel mock` starts within 250 ms),
// through the host's own require (process.getBuiltinModule, Node ≥ 20.16), so that spec/ imports no
// node: module. A browser has no such require: doppel/browser (mock/browser.ts) imports ajv
// statically and hands it over with provideAjv() before any request is validated.
import type { Ajv2020 } from 'ajv/dist/2020.js';

export interface AjvModules {
  Ajv2020: typeof Ajv2020;
  addFormats(ajv: Ajv2020): void;
}

let provided: AjvModules | undefined;

/** Supplies ajv where it cannot be required lazily (a bundle for the browser). */
export function provideAjv(modules: AjvModules): void {
  provided = modules;
}

type Require = (id: string) => unknown;
type ModuleBuiltin = { createRequire(from: string): Require };

export function ajvModules(): AjvModules {
  if (provided) return provided;
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const builtin = host?.getBuiltinModule?.('node:module') as ModuleBuiltin | undefined;
  if (!builtin) throw new Error('doppel: no ajv: outside Node, import the fake from doppel/browser, which provides it');
  const load = builtin.createRequire(import.meta.url);
  const { Ajv2020: AjvClass } = load('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 };
  provided = { Ajv2020: AjvClass, addFormats: load('ajv-formats') as AjvModules['addFormats'] };
  return provided;
}
