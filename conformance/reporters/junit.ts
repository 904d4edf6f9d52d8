// The JUnit XML report (--junit FILE): one testsuite per interface, one testcase per check and
// operation; observations are reported as passing cases with system-out.
import { writeFileSync } from 'node:fs';
import type { RunReport } from '../types.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderJunit(report: RunReport): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="doppel check" tests="${report.tallies.length}" time="${(report.durationMs / 1000).toFixed(3)}">`];
  for (const iface of ['trading', 'wallet'] as const) {
    const tallies = report.tallies.filter((t) => t.iface === iface);
    if (!tallies.length) continue;
    const failed = tallies.filter((t) => report.failures.some((f) => f.severity === 'failure' && f.checkId === t.checkId && f.iface === iface && (f.operationId ?? '(none)') === t.operationId));
    out.push(`  <testsuite name="${iface}" tests="${tallies.length}" failures="${failed.length}">`);
    out.push(`    <properties><property name="seed" value="${report.seed}"/></properties>`);
    for (const t of tallies) {
      const mine = report.failures.filter((f) => f.checkId === t.checkId && f.iface === iface && (f.operationId ?? '(none)') === t.operationId);
      out.push(`    <testcase classname="${iface}.${esc(t.checkId)}" name="${esc(t.operationId)}">`);
      for (const f of mine) {
        const text = esc([f.message, f.sequence ? `sequence: ${f.sequence.join(' → ')}` : '', f.curl ? `reproduce: ${f.curl}` : '', `seed: ${report.seed}`].filter(Boolean).join('\n'));
        if (f.severity === 'failure') out.push(`      <failure message="${esc(f.title)}" type="${esc(f.source)}">${text}</failure>`);
        else out.push(`      <system-out>observation: ${text}</system-out>`);
      }
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

export function writeJunitReport(file: string, report: RunReport): void {
  writeFileSync(file, renderJunit(report));
}
