// The JUnit XML report (--junit FILE): one testcase per check with its time; not-exercised and
// skipped checks as <skipped>; a failure carries the status and body of the answer that shows it
// and the curl lines that reproduce it; observations are passing cases with system-out. With
// --baseline only a new failure is a <failure>; a check whose failures are all known is <skipped>
// (as pytest reports an expected failure), the failure in its system-out; the baseline's failures
// fixed since or not re-checked are system-out of their check, and the counts are properties.
import { writeFileSync } from 'node:fs';
import { kindsOf } from '../checks/check.js';
import type { CheckResult, ReportedFailure, RunReport } from '../types.js';
import { baselineName, baselineTally } from './baseline-marks.js';
import { LABEL } from './outcome-marks.js';
import { plainText } from './plain-text.js';
import { commandOf, rerunNote } from './run-origin.js';

const esc = (s: string): string =>
  plainText(s, true).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function failureText(f: ReportedFailure, rerun: string | undefined): string {
  return [
    `${f.iface} ${f.operationId ?? '(no operation)'}: ${f.message}`,
    f.exchange ? `answer: ${f.exchange.status} ${f.exchange.bodyText.slice(0, 2000)}` : '',
    f.sequence ? `shrunk sequence: ${f.sequence.join(' → ')}` : '',
    ...(f.replay.length > 1 ? [f.sequence ? 'requests of the shrunk case:' : 'requests that show it, in order:', ...f.replay] : []),
    f.curl ? `reproduce: ${f.curl}` : '',
    rerun ?? '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** `no key → 500` already says the status: it is not said twice (`no key → 500 → 500`). */
function failureMessage(f: ReportedFailure): string {
  const status = f.exchange && !f.title.endsWith(`→ ${f.exchange.status}`) ? ` → ${f.exchange.status}` : '';
  return `${f.baseline === 'new' ? 'new: ' : ''}${f.assertion}: ${f.title}${status}`;
}

const counts = (f: ReportedFailure): boolean => f.severity === 'failure' && f.baseline !== 'known';
const knownOnly = (mine: ReportedFailure[]): boolean => mine.some((f) => f.severity === 'failure') && !mine.some(counts);

function testcase(c: CheckResult, report: RunReport): string[] {
  const mine = report.failures.filter((f) => f.checkId === c.id);
  const head = `    <testcase classname="doppel.${kindsOf(c)}" name="${esc(c.id)}" time="${(c.durationMs / 1000).toFixed(3)}">`;
  const body: string[] = [];
  if (c.status === 'skipped' || c.status === 'not-exercised') body.push(`      <skipped message="${esc(`${LABEL[c.status]}: ${c.reason ?? ''}`)}"/>`);
  else if (knownOnly(mine)) body.push(`      <skipped type="known-failure" message="${esc(`known failure, in the baseline ${report.baseline?.file ?? ''}`)}"/>`);
  for (const f of mine) {
    const text = esc(failureText(f, rerunNote(report)));
    if (counts(f)) body.push(`      <failure message="${esc(failureMessage(f))}" type="${esc(f.source)}">${text}</failure>`);
    else body.push(`      <system-out>${f.baseline ? `${f.baseline} ` : ''}${f.severity}: ${text}</system-out>`);
  }
  for (const f of report.baseline?.fixed.filter((b) => b.checkId === c.id) ?? []) body.push(`      <system-out>${esc(`fixed since the baseline: ${baselineName(f)}: ${f.title}`)}</system-out>`);
  for (const f of report.baseline?.notRechecked.filter((b) => b.checkId === c.id) ?? []) body.push(`      <system-out>${esc(`not re-checked: ${baselineName(f)}: ${f.reason}`)}</system-out>`);
  return [head, ...body, '    </testcase>'];
}

/** The baseline's file and counts, as properties. */
function baselineProperties(report: RunReport): string {
  const t = baselineTally(report);
  if (!t || !report.baseline) return '';
  const props: [string, string | number][] = [['baseline', report.baseline.file], ['baseline.new', t.new], ['baseline.known', t.known], ['baseline.fixed', t.fixed], ['baseline.notRechecked', t.notRechecked]];
  return props.map(([name, value]) => `<property name="${name}" value="${esc(String(value))}"/>`).join('');
}

/** Watched traffic's requests the target took and gave no readable answer to: a failing case of their own (no check judged them). */
function targetAnswers(report: RunReport): string[] {
  const faults = report.traffic?.targetFaults;
  if (!faults?.count) return [];
  const message = `${faults.count} requests the target took and gave no readable answer to`;
  return ['    <testcase classname="doppel.traffic" name="target-answers" time="0.000">', `      <failure message="${esc(message)}" type="target">${esc(faults.examples.join('\n'))}</failure>`, '    </testcase>'];
}

export function renderJunit(report: RunReport): string {
  const mine = (c: CheckResult) => report.failures.filter((f) => f.checkId === c.id);
  const extra = targetAnswers(report).length ? 1 : 0;
  const failures = report.checks.filter((c) => mine(c).some(counts)).length + extra;
  const skipped = report.checks.filter((c) => c.status === 'skipped' || c.status === 'not-exercised' || knownOnly(mine(c))).length;
  const time = (report.durationMs / 1000).toFixed(3);
  const attrs = `tests="${report.checks.length + extra}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}"`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${commandOf(report)}" ${attrs}>`,
    `  <testsuite name="${commandOf(report)} ${esc(report.targets.map((t) => t.url).join(' '))}" ${attrs} timestamp="${report.startedAt}">`,
    `    <properties>${report.partial ? `<property name="partial" value="${esc(`interrupted by ${report.partial.interrupted}`)}"/>` : ''}${report.traffic ? `<property name="traffic" value="${esc(`${report.traffic.source} ${report.traffic.from}`)}"/>${trafficProperties(report.traffic)}` : `<property name="seed" value="${report.seed}"/>`}<property name="requests" value="${report.requests}"/>${baselineProperties(report)}</properties>`,
    ...report.checks.flatMap((c) => testcase(c, report)),
    ...targetAnswers(report),
    '  </testsuite>',
    '</testsuites>',
  ];
  return `${out.join('\n')}\n`;
}

export function writeJunitReport(file: string, report: RunReport): void {
  writeFileSync(file, renderJunit(report));
}

/** What of the traffic was not judged, where a CI's test view shows it: judges behind, or nothing judged (--record-only). */
function trafficProperties(t: NonNullable<RunReport['traffic']>): string {
  return [
    ...(t.notJudged?.count ? [`<property name="not-judged" value="${t.notJudged.count} exchanges not judged: judges behind"/>`] : []),
    ...(t.recordOnly ? [`<property name="record-only" value="${t.recordOnly.exchanges} exchanges recorded, none judged"/>`] : []),
  ].join('');
}
