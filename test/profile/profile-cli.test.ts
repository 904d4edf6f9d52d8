// --profile and --learn on the command line: option problems are one line and exit 2
// like every other option's; a profile that is JSON but not a valid profile names the field.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../bin/index.js';
import { doppelCommand, type DoppelCommand } from '../robustness/built-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-profile-cli-'));
let doppel: DoppelCommand;
beforeAll(() => {
  doppel = doppelCommand();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function usageError(args: string[]): Promise<string> {
  try {
    await buildCli(args).parseAsync(args, {}, () => {});
  } catch (error) {
    expect((error as { exitCode?: number }).exitCode, args.join(' ')).toBe(2);
    return (error as Error).message;
  }
  throw new Error(`${args.join(' ')} was accepted`);
}

describe('--profile and --learn options', () => {
  const notJson = join(dir, 'not.json');
  const bad = join(dir, 'bad.json');
  writeFileSync(notJson, '{ nope');
  writeFileSync(bad, JSON.stringify({ doppel_profile: 1, points: { 'trading.conflict-409': { value: 418 } } }));

  it('refuses a missing file, a folder, a file that is not JSON, or the flag twice, for both commands', async () => {
    for (const command of ['mock', 'check']) {
      expect(await usageError([command, '--profile', join(dir, 'missing.json')])).toContain('no such file');
      expect(await usageError([command, '--profile', dir])).toContain('is a folder, not a file');
      expect(await usageError([command, '--profile', notJson])).toContain('is not JSON');
      expect(await usageError([command, '--profile', bad, '--profile', bad])).toContain('--profile is given 2 times');
    }
    expect(await usageError(['check', '--learn', dir])).toContain('is a folder, not a file');
  });

  it('doppel mock --profile with an invalid profile exits 2 naming the field', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(doppel.file, [...doppel.args, 'mock', '--trading-port', '0', '--wallet-port', '0', '--profile', bad], { timeout: 30_000, env: doppel.env }, (_e, _out, stderr) => resolve({ code: child.exitCode, stderr }));
    });
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(`doppel mock: --profile ${bad}: invalid profile at /points/trading.conflict-409/value: the fake can answer 400, 404, 409 here, not 418`);
  });
});
