// Runs `doppel check` as a user would (the built CLI, a child process) and reads its JSON report.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOPPEL_BIN, ROOT } from './processes.js';

export interface CheckRun {
  args: string[];
  exitCode: number | null;
  /** Spawn to exit, ms: what a CI job waits for. */
  wallMs: number;
  /** The run's own duration from its report, ms. */
  reportMs: number;
  /** Registered checks by status. */
  checks: Record<string, number>;
  /** Check evaluations (sum of the tallies' `checked`). */
  evaluations: number;
  requests: number;
  /** Failures (not observations), by check id, with one message each. */
  failures: { checkId: string; operationId: string | null; message: string; occurrences: number }[];
  observations: number;
  tail: string;
}

interface Report {
  durationMs: number;
  checks: { id: string; status: string }[];
  tallies: { checked: number }[];
  failures: { checkId: string; operationId: string | null; message: string; occurrences: number; severity: string }[];
  requests: number;
}

export async function runDoppelCheck(args: string[], timeoutMs = 300_000): Promise<CheckRun> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-check-'));
  const json = join(dir, 'report.json');
  try {
    const started = performance.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [DOPPEL_BIN, 'check', ...args, '--json', json], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, output });
      });
    });
    const wallMs = performance.now() - started;
    let report: Report | undefined;
    try {
      report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    } catch {
      report = undefined;
    }
    const checks: Record<string, number> = {};
    for (const check of report?.checks ?? []) checks[check.status] = (checks[check.status] ?? 0) + 1;
    return {
      args,
      exitCode: code,
      wallMs,
      reportMs: report?.durationMs ?? Number.NaN,
      checks,
      evaluations: (report?.tallies ?? []).reduce((sum, t) => sum + t.checked, 0),
      requests: report?.requests ?? 0,
      failures: (report?.failures ?? [])
        .filter((f) => f.severity === 'failure')
        .map((f) => ({ checkId: f.checkId, operationId: f.operationId, message: f.message, occurrences: f.occurrences })),
      observations: (report?.failures ?? []).filter((f) => f.severity !== 'failure').length,
      tail: output.slice(-3_000),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
