// A client nobody here wrote: openapi-typescript generates types from spec/*.openapi.yaml into a
// temp dir during the test, openapi-fetch calls all 23 operations of both interfaces with them
// (test/clients/openapi-fetch/calls.ts, compiled with strict TypeScript), and every answer is
// validated against the spec's response schemas. The same program fails to compile when a field's
// type changes in (a copy of) the spec, or when a response is typed `unknown`.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { INTERFACES, operations, validateResponse, type InterfaceName } from '../../spec/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CALLS = fileURLToPath(new URL('./openapi-fetch/calls.ts', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const base = mkdtempSync(join(tmpdir(), 'doppel-client-'));
const specText = (name: InterfaceName): string => readFileSync(join(ROOT, 'spec', `${name}.openapi.yaml`), 'utf8');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { cwd, timeout: 120_000, env: { ...process.env, ...env } }, (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
  });
}

/** A project in the temp dir: types generated from the given documents, the client, a strict tsconfig; compiled. */
async function compileClient(name: string, documents: Record<InterfaceName, string>): Promise<{ dir: string; tsc: Run }> {
  const dir = join(base, name);
  mkdirSync(dir);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const iface of INTERFACES) writeFileSync(join(dir, `${iface}.ts`), astToString(await openapiTS(documents[iface], { silent: true })));
  copyFileSync(CALLS, join(dir, 'calls.ts'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUncheckedIndexedAccess: true, noImplicitAny: true, outDir: 'out', types: ['node'], skipLibCheck: true },
    files: ['calls.ts'],
  }));
  return { dir, tsc: await run(process.execPath, [TSC, '-p', 'tsconfig.json'], dir) };
}

/** The spec documents with one replacement in one of them; the replacement must apply. */
function mutated(iface: InterfaceName, from: string, to: string): Record<InterfaceName, string> {
  const text = specText(iface);
  expect(text.split(from).length, `exactly one ${JSON.stringify(from)} in spec/${iface}.openapi.yaml`).toBe(2);
  return { trading: specText('trading'), wallet: specText('wallet'), [iface]: text.replace(from, to) };
}

let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
});

afterAll(async () => {
  await mock?.close();
  rmSync(base, { recursive: true, force: true });
});

const iface = (operationId: string): InterfaceName => (operations('trading').some((o) => o.operationId === operationId) ? 'trading' : 'wallet');

describe('openapi-fetch with types openapi-typescript generated from the spec', () => {
  it('compiles strictly, calls all 23 operations, and every answer matches its documented schema', async () => {
    const { dir, tsc } = await compileClient('as-is', { trading: specText('trading'), wallet: specText('wallet') });
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
    const client = await run(process.execPath, [join(dir, 'out', 'calls.js')], dir, { DOPPEL_TRADING_URL: mock.trading.url, DOPPEL_WALLET_URL: mock.wallet.url });
    expect(client.code, client.stderr).toBe(0);
    const { answers, read } = JSON.parse(client.stdout) as { answers: { operationId: string; status: number; body: unknown }[]; read: Record<string, unknown> };

    const all = INTERFACES.flatMap((name) => operations(name).map((o) => o.operationId)).sort();
    expect(all).toHaveLength(23);
    expect(answers.map((a) => a.operationId).sort()).toEqual(all);
    for (const answer of answers) {
      expect(answer.status, answer.operationId).toBe(200);
      const result = validateResponse(iface(answer.operationId), answer.operationId, answer.status, answer.body);
      expect(result.errors, `${answer.operationId}: ${JSON.stringify(answer.body).slice(0, 300)}`).toEqual([]);
    }
    // The server saw them too, each answered 200.
    const served = new Set(mock.fake.requests({ status: 200, limit: 1000 }).map((e) => e.operationId));
    expect([...served].filter((id) => id !== null).sort()).toEqual(all);
    // What the typed fields were read as is what was answered.
    expect(read).toMatchObject({ cancelledStatus: 'cancelled', copyStatus: 'active', margin: 'long', futures: 24, permissions: ['read', 'trade'], token: true });
    expect(typeof read['btcUsd']).toBe('number');
    expect(read['txStatus']).toContain('pending');
  }, 120_000);

  it('the runtime check can fail: an answer of another shape is refused', () => {
    const order = { success: true, data: { id: 'seven' } };
    expect(validateResponse('trading', 'placeSpotOrder', 200, order).errors.length).toBeGreaterThan(0);
    expect(validateResponse('wallet', 'listWallets', 201, { success: true, wallets: [] }).errors).toEqual(['status 201 is not documented for listWallets (documented: 200, 400, 401, 429)']);
  });

  it('a field whose type changes in the spec is a compile error where the client uses it', async () => {
    // Order.id becomes a string: the client reads it as a number and sends it back as order_id.
    const documents = mutated('trading', "        id: { type: integer, minimum: 1 }\n        type: { $ref: '#/components/schemas/OrderKind' }", "        id: { type: string }\n        type: { $ref: '#/components/schemas/OrderKind' }");
    const { tsc } = await compileClient('order-id-string', documents);
    expect(tsc.code).not.toBe(0);
    // Where an order id is read as a number, and nowhere else.
    const lines = readFileSync(CALLS, 'utf8').split('\n');
    const at = (code: string): number => lines.findIndex((text) => text.includes(code)) + 1;
    expect(tsc.stdout.split('\n').filter((text) => text.startsWith('calls.ts('))).toEqual([
      `calls.ts(${at('const orderId: number = placed.data.id;')},7): error TS2322: Type 'string' is not assignable to type 'number'.`,
      `calls.ts(${at('const orderIds: number[] = orders.data.map((o) => o.id);')},7): error TS2322: Type 'string[]' is not assignable to type 'number[]'.`,
    ]);
  }, 120_000);

  it('a response typed `unknown` is a compile error', async () => {
    // getMarkets' answer loses its schema: openapi-typescript types it unknown.
    const documents = mutated('trading', "              schema:\n                type: object\n                required: [success, data]\n                properties:\n                  success: { const: true }\n                  data:\n                    type: array\n                    items: { $ref: '#/components/schemas/Market' }", '              schema: {}');
    const { tsc } = await compileClient('markets-unknown', documents);
    expect(tsc.code).not.toBe(0);
    expect(tsc.stdout).toMatch(/calls\.ts\(\d+,\d+\): error TS\d+: .*untyped/s);
  }, 120_000);
});
