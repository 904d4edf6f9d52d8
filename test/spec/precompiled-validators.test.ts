// The request validators the build precompiles (scripts/precompile-validators.mjs) answer
// exactly as the ones compiled at runtime: same verdict, same messages (describe), same defaults
// filled in, for every key, over values of every wrong kind.
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { describe as group, expect, it } from 'vitest';
import { precompiledValidatorsSource } from '../../scripts/precompile-validators.mjs';
import { INTERFACES, describe, loadSpec, type InterfaceName } from '../../spec/index.js';
import { pointer } from '../../spec/load-spec.js';
import { ajvOptions, requestSchemas } from '../../spec/validators.js';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;
const require = createRequire(import.meta.url);
const WRONG: unknown[] = [null, 0, -1, 1.5, 101, 2 ** 53, '', 'x', '1', '0.5', '1e5', 'x'.repeat(2000), true, [], {}, ['a']];

async function loadPrecompiled(): Promise<Record<string, ValidateFunction>> {
  // The build bundles the generated code's require() of ajv's runtime helper; here Node provides it.
  const source = `import { createRequire } from 'node:module'; const require = createRequire(${JSON.stringify(require.resolve('ajv'))});\n${await precompiledValidatorsSource()}`;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  return mod.precompiledValidators();
}

function runtimeAjv(iface: InterfaceName): Ajv2020 {
  const ajv = new Ajv2020(ajvOptions);
  addFormats(ajv);
  ajv.addSchema(loadSpec(iface), `doppel:${iface}`);
  return ajv;
}

/** Property names anywhere in a schema (its $refs followed), for bodies of every shape. */
function propertyNames(iface: InterfaceName, node: unknown, seen = new Set<unknown>()): string[] {
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return propertyNames(iface, pointer(loadSpec(iface), ref.replace(`doppel:${iface}`, '')), seen);
  const names = Object.keys((node as { properties?: object }).properties ?? {});
  for (const v of Object.values(node)) names.push(...(Array.isArray(v) ? v.flatMap((n) => propertyNames(iface, n, seen)) : propertyNames(iface, v, seen)));
  return [...new Set(names)];
}

function inputs(names: string[]): unknown[] {
  const out: unknown[] = [...WRONG];
  const full = Object.fromEntries(names.map((n) => [n, '1']));
  out.push(full);
  for (const name of names) {
    for (const value of WRONG) {
      out.push({ [name]: value }, { ...full, [name]: value });
    }
  }
  return out;
}

function verdict(fn: ValidateFunction, data: unknown, root: string) {
  const copy = structuredClone(data);
  const ok = fn(copy);
  return { ok, errors: ok ? [] : (fn.errors ?? []).map((e) => describe(e, root)), value: copy };
}

group('precompiled request validators', () => {
  it('cover every request validator and answer as the runtime-compiled ones', async () => {
    const precompiled = await loadPrecompiled();
    let compared = 0;
    for (const iface of INTERFACES) {
      const ajv = runtimeAjv(iface);
      const schemas = requestSchemas(iface);
      expect(schemas.length).toBeGreaterThan(3);
      for (const [key, schema] of schemas) {
        const pre = precompiled[key];
        if (!pre) throw new Error(`no precompiled validator for ${key}`);
        const runtime = ajv.compile(schema);
        const root = key.includes('#param/') ? key.slice(key.lastIndexOf('/') + 1) : 'body';
        for (const data of inputs(propertyNames(iface, schema))) {
          expect(verdict(pre, data, root), `${key} ${JSON.stringify(data)?.slice(0, 80)}`).toEqual(verdict(runtime, data, root));
          compared++;
        }
      }
    }
    expect(Object.keys(precompiled).sort()).toEqual(INTERFACES.flatMap((i) => requestSchemas(i).map(([k]) => k)).sort());
    expect(compared).toBeGreaterThan(1000);
  }, 60_000);
});
