// Runs an example's own test runner (jest, Playwright) in a child process, as a user would, with
// the repository's node_modules; resolves with its exit code and output, never rejects.
import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface ExampleRun {
  code: number | null;
  output: string;
}

export function runExample(bin: string, args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ExampleRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [...nodeArgs, join(process.cwd(), 'node_modules', bin), ...args], { timeout: 180_000, env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env } }, (_error, stdout, stderr) => {
      resolve({ code: child.exitCode, output: `${stdout}\n${stderr}` });
    });
  });
}
