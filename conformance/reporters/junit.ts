// The JUnit XML report (--junit FILE): one testcase per check with its time; not-exercised and
// skipped checks as <skipped>; a failure carries the status and body of the answer that shows it
// and the curl lines that reproduce it; observations are passing cases with system-out.
import { writeFileSync } from 'node:fs';
import { kindsOf } from '../checks/check.js';
import type { CheckResult, ReportedFailure, RunReport } from '../types.js';
import { LABEL } from './outcome-marks.js';

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

function failureText(f: ReportedFailure, seed: number): string {
  return [
    `${f.iface} ${f.operationId ?? '(no operation)'}: ${f.message}`,
    f.exchange ? `answer: ${f.exchange.status} ${f.exchange.bodyText.slice(0, 2000)}` : '',
    f.sequence ? `shrunk sequence: ${f.sequence.join(' → ')}` : '',
    ...(f.replay.length > 1 ? [f.sequence ? 'requests of the shrunk case:' : 'requests that show it, in order:', ...f.replay] : []),
    f.curl ? `reproduce: ${f.curl}` : '',
    `seed: ${seed}`,
  ]
    .filter(Boolean)
    .join('\n');
}

function testcase(c: CheckResult, report: RunReport): string[] {
  const mine = report.failures.filter((f) => f.checkId === c.id);
  const head = `    <testcase classname="doppel.${kindsOf(c)}" name="${esc(c.id)}" time="${(c.durationMs / 1000).toFixed(3)}">`;
  const body: string[] = [];
  if (c.status === 'skipped' || c.status === 'not-exercised') body.push(`      <skipped message="${esc(`${LABEL[c.status]}: ${c.reason ?? ''}`)}"/>`);
  for (const f of mine) {
    const text = esc(failureText(f, report.seed));
    if (f.severity === 'failure') {
      const status = f.exchange ? ` → ${f.exchange.status}` : '';
      body.push(`      <failure message="${esc(`${f.assertion}: ${f.title}${status}`)}" type="${esc(f.source)}">${text}</failure>`);
    } else body.push(`      <system-out>observation: ${text}</system-out>`);
  }
  return [head, ...body, '    </testcase>'];
}

export function renderJunit(report: RunReport): string {
  const count = (s: CheckResult['status'][]) => report.checks.filter((c) => s.includes(c.status)).length;
  const time = (report.durationMs / 1000).toFixed(3);
  const attrs = `tests="${report.checks.length}" failures="${count(['failed'])}" errors="0" skipped="${count(['skipped', 'not-exercised'])}" time="${time}"`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="doppel check" ${attrs}>`,
    `  <testsuite name="doppel check ${esc(report.targets.map((t) => t.url).join(' '))}" ${attrs} timestamp="${report.startedAt}">`,
    `    <properties><property name="seed" value="${report.seed}"/><property name="requests" value="${report.requests}"/></properties>`,
    ...report.checks.flatMap((c) => testcase(c, report)),
    '  </testsuite>',
    '</testsuites>',
  ];
  return `${out.join('\n')}\n`;
}

export function writeJunitReport(file: string, report: RunReport): void {
  writeFileSync(file, renderJunit(report));
}
