// spec/generated/*.ts are the types of the spec documents and must never be
// stale: regenerating them in memory must give the committed bytes.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { documentPath, generateDocument, generateTypes, generatedPath, specPath } from '../../scripts/gen-types-lib.mjs';
import { loadSpec } from '../../spec/index.js';
import { SPEC_NAMES } from './helpers.js';

/** The first line where two texts differ, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  const i = al.findIndex((line, n) => line !== bl[n]);
  const n = i === -1 ? al.length : i;
  return `line ${n + 1}: committed ${JSON.stringify(al[n] ?? '(end)')}, generated ${JSON.stringify(bl[n] ?? '(end)')}`;
}

describe.each(SPEC_NAMES)('spec/generated/%s.ts', (name) => {
  it('matches its document', async () => {
    const committed = await readFile(generatedPath(name), 'utf8').catch(() => '');
    const fresh = await generateTypes(name);
    const hint = `spec/generated/${name}.ts is stale or missing: run npm run gen:types (${firstDifference(committed, fresh)})`;
    expect(committed === fresh, hint).toBe(true);
  });

  it('would be reported stale after a change to the document', async () => {
    const doc = parse(await readFile(specPath(name), 'utf8')) as { components?: { schemas?: Record<string, unknown> } };
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, DoppelStaleProbe: { type: 'string' } } };
    const committed = await readFile(generatedPath(name), 'utf8');
    const changed = await generateTypes(name, JSON.stringify(doc));
    expect(changed).not.toBe(committed);
    expect(changed).toContain('DoppelStaleProbe');
  });
});

// spec/generated/*-document.ts are the documents as modules (spec/ reads no file, so it runs in a browser).
describe.each(SPEC_NAMES)('spec/generated/%s-document.ts', (name) => {
  it('matches its document', async () => {
    const committed = await readFile(documentPath(name), 'utf8').catch(() => '');
    const fresh = await generateDocument(name);
    const hint = `spec/generated/${name}-document.ts is stale or missing: run npm run gen:types (${firstDifference(committed, fresh)})`;
    expect(committed === fresh, hint).toBe(true);
  });

  it('is what loadSpec serves: the YAML document, value for value', async () => {
    expect(loadSpec(name)).toEqual(parse(await readFile(specPath(name), 'utf8')));
  });

  it('would be reported stale after a change to the document', async () => {
    const text = (await readFile(specPath(name), 'utf8')).replace(/^(\s*title:\s*)(.*)$/m, '$1$2 (changed)');
    const changed = await generateDocument(name, text);
    expect(changed).not.toBe(await readFile(documentPath(name), 'utf8'));
    expect(changed).toContain('(changed)');
  });
});
