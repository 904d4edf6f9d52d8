// A shell script that re-sends every failure's requests, in order (--replay FILE, and in the HTML
// report): a stateful failure's requests (the shrunk sequence's, or the write and the read that disagree), else the one request that shows it. Masked
// keys stay variables; the script stops early when one it uses is not set. Without a failure it
// says so and needs nothing.
import { writeFileSync } from 'node:fs';
import type { RunReport } from '../types.js';
import { commandOf } from './run-origin.js';
import { plainText } from './plain-text.js';

export function replayScript(report: RunReport): string {
  const run = report.traffic ? commandOf(report) : `doppel check --seed ${report.seed}`;
  const sections = report.failures.flatMap((f) => {
    const requests = f.replay.length ? f.replay : f.curl ? [f.curl] : [];
    if (!requests.length) return [];
    const head = `# ${f.severity}${f.baseline ? ` (${f.baseline})` : ''} ${f.checkId}/${f.assertion} on ${f.iface} ${f.operationId ?? '(unknown path)'}: ${plainText(f.title)}`;
    // A race's requests overlapped: the first `together` fired together (each in the background), waited for, then the reads after them in order.
    const together = f.together && f.replay.length ? f.together : 0;
    if (together > 1) return [['', head, `# the first ${together} fired together, as they overlapped:`, ...requests.slice(0, together).map((r) => `{ ${r}; echo; } &`), 'wait', ...requests.slice(together).map((r) => `${r}; echo`)]];
    return [['', head, ...requests.map((r) => `${r}; echo`)]];
  });
  if (sections.length === 0) {
    // Nothing failed (or no failure came with a request): the script says so and asks for nothing.
    const why = report.failures.length === 0 ? 'no failure' : 'no failure came with a request';
    return ['#!/bin/sh', `# ${run}: ${why}, so nothing to replay.`, `echo ${shellQuote(`${run}: ${why}, nothing to replay`)}`, ''].join('\n');
  }
  const body = sections.flat();
  const text = body.join('\n');
  // Only the keys the requests use must be set; a masked key no request carries is not asked for.
  // One pass over the text, not one per secret: a proxy's report may name a secret per client.
  const named = new Set([...text.matchAll(/\$\{?(DOPPEL_[A-Z0-9_]+)/g)].map((m) => m[1]));
  const used = report.secrets.filter((secret) => named.has(secret.name));
  const lines = ['#!/bin/sh', `# ${run}: the requests of each failure, in order.`];
  for (const s of used) lines.push(`: "\${${s.name}:?set ${s.name} to the ${s.what.replace(/"/g, "'")}}"`);
  return `${[...lines, ...body].join('\n')}\n`;
}

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function writeReplayScript(file: string, report: RunReport): void {
  writeFileSync(file, replayScript(report), { mode: 0o755 });
}
