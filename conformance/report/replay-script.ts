// A shell script that re-sends every failure's requests, in order (--replay FILE, and in the HTML
// report): a stateful failure's requests (the shrunk sequence's, or the write and the read that disagree), else the one request that shows it. Masked
// keys stay variables; the script stops early when one is not set.
import { writeFileSync } from 'node:fs';
import type { RunReport } from '../types.js';
import { commandOf } from './run-origin.js';

export function replayScript(report: RunReport): string {
  const lines = ['#!/bin/sh', `# ${report.traffic ? commandOf(report) : `doppel check --seed ${report.seed}`}: the requests of each failure, in order.`];
  for (const s of report.secrets) lines.push(`: "\${${s.name}:?set ${s.name} to the ${s.what.replace(/"/g, "'")}}"`);
  for (const f of report.failures) {
    const requests = f.replay.length ? f.replay : f.curl ? [f.curl] : [];
    if (!requests.length) continue;
    const head = `# ${f.severity}${f.baseline ? ` (${f.baseline})` : ''} ${f.checkId}/${f.assertion} on ${f.iface} ${f.operationId ?? '(unknown path)'}: ${f.title.replace(/\n/g, ' ')}`;
    // A race's requests overlapped: fired together (each in the background), then waited for.
    const together = f.together && f.replay.length ? f.together : 0;
    if (together > 1) lines.push('', head, `# the first ${together} fired together, as they overlapped:`, ...requests.slice(0, together).map((r) => `{ ${r}; echo; } &`), 'wait', ...requests.slice(together).map((r) => `${r}; echo`));
    else lines.push('', head, ...requests.map((r) => `${r}; echo`));
  }
  return `${lines.join('\n')}\n`;
}

export function writeReplayScript(file: string, report: RunReport): void {
  writeFileSync(file, replayScript(report), { mode: 0o755 });
}
