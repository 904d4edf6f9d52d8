// Runs shell steps as a CI job would (bash, -e and pipefail), each in a process group of its own,
// and ends whatever they left running (a stub started with `&` outlives its step, as in CI) when
// the test is done: stopAll() signals only the groups it started.
import { spawn } from 'node:child_process';

export interface ScriptResult {
  code: number | null;
  output: string;
}

export class ScriptRunner {
  private readonly groups: number[] = [];

  run(script: string, options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<ScriptResult> {
    return new Promise((resolve) => {
      // stdin from /dev/null, as in a CI job; the output is collected from the step's own pipes,
      // which a background process redirecting its output to a file does not hold open.
      const child = spawn('bash', ['-eo', 'pipefail', '-c', script], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      if (child.pid !== undefined) this.groups.push(child.pid);
      let output = '';
      const timer = setTimeout(() => {
        output += `\n(timed out after ${options.timeoutMs ?? 120_000} ms)`;
        this.signal(child.pid, 'SIGKILL');
      }, options.timeoutMs ?? 120_000);
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  /** SIGTERM to every group a step started (what is left of it), then SIGKILL a second later. */
  async stopAll(): Promise<void> {
    for (const group of this.groups) this.signal(group, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const group of this.groups.splice(0)) this.signal(group, 'SIGKILL');
  }

  private signal(group: number | undefined, signal: NodeJS.Signals): void {
    if (group === undefined) return;
    try {
      process.kill(-group, signal);
    } catch {
      // The group is gone: nothing of it is left to stop.
    }
  }
}
