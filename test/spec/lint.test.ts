// Lints both spec documents with the real linter (@redocly/cli 2, configured by redocly.yaml) and
// fails on any error; also shows that a broken document is caught.
//
// Why spawn the CLI rather than call @redocly/openapi-core: @redocly/cli 2 is a self-contained
// bundle with no Node API, and the openapi-core in node_modules is openapi-typescript's 1.x
// dependency, a different major with other rules than the linter package.json declares.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { SPEC_NAMES, isObject, repoRoot, specFile, type JsonObject } from './helpers.js';

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer?: string; start?: { line: number; col: number } }[];
}
interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: LintProblem[];
}

const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const config = join(repoRoot, 'redocly.yaml');

/** Runs `redocly lint --format=json` on one file; the report is on stdout whatever the exit code. */
function lint(file: string): Promise<LintReport> {
  const args = [cli, 'lint', '--format=json', '--max-problems=1000', '--lint-config=error', `--config=${config}`, file];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: repoRoot, env, timeout: 60_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const start = stdout.indexOf('{');
      try {
        resolve(JSON.parse(stdout.slice(start)) as LintReport);
      } catch {
        reject(new Error(`redocly lint ${file} gave no JSON report (${error?.message ?? 'exit 0'}):\n${stderr}\n${stdout}`));
      }
    });
  });
}

function describeProblems(problems: LintProblem[]): string {
  return problems
    .map((p) => {
      const where = p.location[0];
      const line = where?.start ? `:${where.start.line}:${where.start.col}` : '';
      return `  ${p.severity} ${p.ruleId} ${where?.source.ref ?? '?'}${line} ${where?.pointer ?? ''}\n    ${p.message}`;
    })
    .join('\n');
}

/** Inline Response Objects under operations, then under components, with their JSON pointers. */
function findResponses(doc: JsonObject): { pointer: string; responses: JsonObject; response: JsonObject }[] {
  const found: { pointer: string; responses: JsonObject; response: JsonObject }[] = [];
  const esc = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const add = (responses: unknown, at: string): void => {
    if (!isObject(responses)) return;
    for (const [key, response] of Object.entries(responses)) {
      if (isObject(response) && !('$ref' in response)) found.push({ pointer: `${at}/${esc(key)}`, responses, response });
    }
  };
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (isObject(op)) add(op.responses, `#/paths/${esc(path)}/${method}/responses`);
    }
  }
  add(isObject(doc.components) ? doc.components.responses : undefined, '#/components/responses');
  return found;
}

const errorsOf = (report: LintReport): LintProblem[] => report.problems.filter((p) => p.severity === 'error');

describe.each(SPEC_NAMES)('redocly lint spec/%s.openapi.yaml', (name) => {
  it('has no errors', async () => {
    const report = await lint(specFile(name));
    const warnings = report.problems.filter((p) => p.severity !== 'error');
    if (warnings.length > 0) console.warn(`redocly warnings in spec/${name}.openapi.yaml:\n${describeProblems(warnings)}`);
    const errors = errorsOf(report);
    expect(errors, `redocly lint errors in spec/${name}.openapi.yaml:\n${describeProblems(errors)}`).toEqual([]);
  });
});

describe('redocly lint on a broken document', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('reports a $ref to a missing schema and a response without a description', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doppel-lint-'));
    dirs.push(dir);
    const file = join(dir, 'trading.openapi.yaml');
    await copyFile(specFile('trading'), file);
    // The intact copy lints clean, so the errors below come from the two breakages alone.
    expect(errorsOf(await lint(file))).toEqual([]);

    const doc: unknown = parse(await readFile(file, 'utf8'));
    if (!isObject(doc)) throw new Error('the trading document is not a mapping');
    // Break 1: drop the description of the first inline response (a required field, OAS 3.1 §4.8.17.1).
    const target = findResponses(doc).find(({ response }) => 'description' in response);
    if (!target) throw new Error('no inline response with a description in the trading document');
    delete target.response.description;
    // Break 2: a $ref to a schema that does not exist.
    target.responses['599'] = {
      description: 'Broken on purpose.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/DoesNotExist' } } },
    };
    await writeFile(file, stringify(doc));

    const errors = errorsOf(await lint(file));
    const text = describeProblems(errors);
    console.info(`redocly lint on the broken copy, as expected:\n${text}`);
    expect(errors.length, text).toBeGreaterThanOrEqual(2);
    expect(errors.map((e) => e.ruleId), text).toContain('no-unresolved-refs');
    const missingDescription = errors.find((e) => e.location[0]?.pointer === target.pointer);
    expect(missingDescription, `no error for ${target.pointer} without a description:\n${text}`).toBeDefined();
  });
});
