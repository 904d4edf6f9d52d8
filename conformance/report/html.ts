// The HTML report (--html FILE): one self-contained page (inline CSS, no script, nothing fetched):
// the verdict and counts on top, every check with its outcome, each failure with its request,
// answer and curl lines, the per-operation coverage of documented statuses and the input classes
// not sent, with why. With --baseline:
// tiles for new, known and fixed, the new failures before the known ones (each marked), and the
// baseline's failures fixed since and not re-checked.
import { writeFileSync } from 'node:fs';
import { coverageRatio } from '../judge/coverage.js';
import { kindsOf } from '../checks/check.js';
import type { Assertion, BaselineComparison, CheckResult, ReportedExchange, ReportedFailure, RunReport } from '../types.js';
import { baselineName, baselineTally } from './baseline-marks.js';
import { LABEL, MARK } from './outcome-marks.js';
import { replayScript } from './replay-script.js';
import { secretsLegend } from './secrets-legend.js';
import { commandOf, rerunNote, runFacts } from './run-origin.js';
import { summaryLine, verdictOf } from './summary-line.js';
import { plainText } from './plain-text.js';

/** Text from the network as HTML text: control characters escaped first (plainText), then markup. */
export const esc = (s: string): string => plainText(s, true).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CSS = `
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d232b;background:#f5f6f8}
main{max-width:1180px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 10px}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600;margin-left:8px}
.verdict.pass{background:#1f7a3f}.verdict.fail{background:#b42318}
.meta{color:#57606a;margin:2px 0}
.tiles{display:flex;gap:10px;margin:16px 0;flex-wrap:wrap}
.tile{background:#fff;border:1px solid #d8dee4;border-radius:6px;padding:8px 14px;min-width:120px}
.tile b{display:block;font-size:22px}
.tile.passed b{color:#1f7a3f}.tile.failed b{color:#b42318}.tile.observed b{color:#9a6700}.tile.not-exercised b{color:#57606a}.tile.skipped b{color:#8c959f}
.summary{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px;background:#fff;border:1px solid #d8dee4;border-radius:6px;padding:8px 10px}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d8dee4}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}
th{background:#f0f2f5;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.id{white-space:nowrap}td.why{min-width:230px}
.badge{display:inline-block;border-radius:3px;padding:0 6px;font-size:12px;font-weight:600;white-space:nowrap}
.badge.passed{background:#dafbe1;color:#1f7a3f}.badge.failed{background:#ffebe9;color:#b42318}.badge.observed{background:#fff8c5;color:#7d4e00}
.badge.not-exercised{background:#eaeef2;color:#424a53}.badge.skipped{background:#f6f8fa;color:#8c959f}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12px}
pre{background:#f6f8fa;border:1px solid #eaeef2;border-radius:4px;padding:8px;white-space:pre-wrap;word-break:break-all;margin:4px 0}
.failure{background:#fff;border:1px solid #d8dee4;border-left:4px solid #b42318;border-radius:6px;padding:10px 14px;margin:10px 0}
.failure.observation{border-left-color:#9a6700}
.failure h3{font-size:15px;margin:0 0 4px}
.status{display:inline-block;margin:0 2px;padding:0 4px;border-radius:3px;font-family:ui-monospace,monospace;font-size:12px}
.status.seen{background:#dafbe1;color:#1f7a3f}.status.unseen{background:#f6f8fa;color:#8c959f}.status.undocumented{background:#ffebe9;color:#b42318}
.muted{color:#57606a}
ul.assertions{margin:4px 0 0;padding-left:18px}ul.assertions li{margin:1px 0}
.mark{display:inline-block;border-radius:3px;padding:0 6px;font-size:12px;font-weight:700;vertical-align:2px;margin-right:4px;text-transform:uppercase;letter-spacing:.03em}
.mark.new{background:#b42318;color:#fff}.mark.known{background:#eaeef2;color:#424a53}
.failure.known{border-left-color:#8c959f}
.tile.new b{color:#b42318}.tile.known b{color:#57606a}.tile.fixed b{color:#1f7a3f}
.kind{display:inline-block;border-radius:3px;padding:0 4px;font-size:11px;font-weight:600}.kind.seed{background:#ddf4ff;color:#0a3069}.kind.decision{background:#fbefff;color:#6e40c9}
`;

function badge(status: CheckResult['status']): string {
  return `<span class="badge ${status}">${MARK[status]} ${LABEL[status]}</span>`;
}

function requestText(ex: ReportedExchange): string {
  const headers = Object.entries(ex.requestHeaders).map(([k, v]) => `${k}: ${v}`);
  return [`${ex.method} ${ex.url}`, ...headers, ...(ex.requestBody !== undefined ? ['', ex.requestBody] : [])].join('\n');
}

function answerText(ex: ReportedExchange): string {
  const headers = Object.entries(ex.responseHeaders).map(([k, v]) => `${k}: ${v}`);
  return [`${ex.status}`, ...headers, '', ex.bodyText.slice(0, 4000)].join('\n');
}

function failureCard(f: ReportedFailure, rerun: string | undefined): string {
  const parts = [
    `<div class="failure ${f.severity}${f.baseline === 'known' ? ' known' : ''}">`,
    `<h3>${f.baseline ? `<span class="mark ${f.baseline}">${f.baseline}</span>` : ''}${f.severity === 'failure' ? 'FAILURE' : 'OBSERVATION'} <code>${esc(`${f.checkId}/${f.assertion}`)}</code> on ${esc(f.iface)} <code>${esc(f.operationId ?? '(no operation)')}</code></h3>`,
    `<div class="muted">${esc(f.source)}${f.occurrences > 1 ? ` · ${f.occurrences} exchanges showed it; the smallest is shown` : ''}${rerun ? ` · ${esc(rerun)}` : ''}</div>`,
    `<p><b>${esc(f.title)}</b></p>`,
    f.message !== f.title ? `<pre>${esc(f.message)}</pre>` : '',
    f.sequence?.length ? `<p>Shrunk sequence: <code>${esc(f.sequence.join(' → '))}</code></p>` : '',
    f.exchange ? `<p>Request</p><pre>${esc(requestText(f.exchange))}</pre><p>Answer</p><pre>${esc(answerText(f.exchange))}</pre>` : '',
    f.curl ? `<p>Reproduce</p><pre>${esc(f.curl)}</pre>` : '',
    f.replay.length > 1 ? `<p>The ${f.replay.length} requests ${f.sequence ? 'of the shrunk case' : 'that show it'}, in order</p><pre>${esc(f.replay.join('\n'))}</pre>` : '',
    '</div>',
  ];
  return parts.filter(Boolean).join('\n');
}

/** Each assertion of a check with its kind and source, when it has several (one: the title says it). */
function assertionList(c: CheckResult): string {
  if (c.assertions.length === 1) return `<div class="muted">${esc((c.assertions[0] as Assertion).source)}</div>`;
  const cases = (id: string): string => {
    const n = c.assertionCases?.[id] ?? 0;
    return c.status === 'skipped' ? '' : n ? ` · ${n} case${n === 1 ? '' : 's'}` : ' · not exercised';
  };
  return `<ul class="assertions">${c.assertions.map((a) => `<li><code>${esc(a.id)}</code> <span class="kind ${a.kind}">${a.kind}</span> ${esc(a.says)} <span class="muted">${esc(a.source)}${cases(a.id)}</span></li>`).join('')}</ul>`;
}

function checksTable(report: RunReport): string {
  const rows = report.checks.map(
    (c) =>
      `<tr><td>${badge(c.status)}</td><td class="id"><code>${esc(c.id)}</code></td><td>${kindsOf(c)}</td><td>${esc(c.appliesTo.join(', '))}</td><td>${esc(c.title)}${assertionList(c)}</td>` +
      `<td class="num">${c.cases}</td><td class="num">${(c.durationMs / 1000).toFixed(2)} s</td><td class="why">${esc(c.reason ?? '')}</td></tr>`,
  );
  return `<table><thead><tr><th>outcome</th><th>check</th><th>kind</th><th>interfaces</th><th>checks that</th><th>cases</th><th>time</th><th>why not exercised</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function coverageTable(report: RunReport): string {
  const rows = report.coverage.map((c) => {
    const statuses = c.documented.map((s) => `<span class="status ${c.seen.includes(s) ? 'seen' : 'unseen'}">${s}</span>`).join('');
    const extra = c.undocumented.map((s) => `<span class="status undocumented" title="not documented">${s}</span>`).join('');
    return `<tr><td>${c.iface}</td><td class="id"><code>${esc(c.operationId)}</code></td><td class="num">${c.requests}</td><td class="num">${c.seen.length}/${c.documented.length}</td><td>${statuses}${extra ? ` · undocumented: ${extra}` : ''}</td></tr>`;
  });
  return `<table><thead><tr><th>interface</th><th>operation</th><th>requests</th><th>seen</th><th>documented statuses (green: seen)</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The input classes no request answered 2xx showed, with why (all sent: one line saying so). */
function inputClassesSection(report: RunReport): string {
  const c = report.inputClasses;
  const head = `<h2>Input classes: ${c.sent} of ${c.total} sent</h2>\n<p class="muted">Each optional field present and absent, each enum value, null and not null, each bound (spec/); a class is sent when a request of it was answered 2xx. What the documents say of a class not sent was not judged.</p>`;
  if (!c.unsent.length) return `${head}\n<p class="muted">Every class was sent.</p>`;
  const rows = c.unsent.map((u) => `<tr><td>${u.iface}</td><td class="id"><code>${esc(u.operationId)}</code></td><td><code>${esc(u.class)}</code></td><td class="why">${esc(u.why)}</td></tr>`);
  return `${head}\n<table><thead><tr><th>interface</th><th>operation</th><th>class not sent</th><th>why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The baseline's failures fixed since, or not re-checked (with why), as a table. */
function baselineTable(rows: (BaselineComparison['fixed'][number] & { reason?: string })[], last: string): string {
  const body = rows.map((f) => `<tr><td><code>${esc(baselineName(f))}</code></td><td>${esc(f.title)}</td>${f.reason === undefined ? '' : `<td class="why">${esc(f.reason)}</td>`}</tr>`);
  return `<table><thead><tr><th>check/assertion on operation</th><th>in the baseline</th>${last ? `<th>${last}</th>` : ''}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

/** `1 failure, 2 observations` (observations never fail a run, so the counts keep them apart). */
function howMany(list: { severity: ReportedFailure['severity'] }[]): string {
  const failures = list.filter((f) => f.severity === 'failure').length;
  const observations = list.length - failures;
  const parts = [...(failures ? [`${failures} failure${failures === 1 ? '' : 's'}`] : []), ...(observations ? [`${observations} observation${observations === 1 ? '' : 's'}`] : [])];
  return parts.length ? parts.join(', ') : 'none';
}

/** The failures (and the replay script): without a baseline one list; with one, new, known, fixed and not re-checked. */
function failureSections(report: RunReport, script: string): string {
  const cards = (list: ReportedFailure[]) => list.map((f) => failureCard(f, rerunNote(report))).join('\n');
  const b = report.baseline;
  if (!b) return `<h2>Failures (${report.failures.length})</h2>\n${report.failures.length ? cards(report.failures) + script : '<p class="muted">None.</p>'}`;
  const fresh = report.failures.filter((f) => f.baseline !== 'known');
  const known = report.failures.filter((f) => f.baseline === 'known');
  return [
    `<h2>New since the baseline: ${howMany(fresh)}</h2>`,
    cards(fresh),
    `<h2>Known from the baseline: ${howMany(known)}</h2>`,
    ...(known.length ? ['<p class="muted">In the baseline too: reported, they do not fail the run.</p>', cards(known)] : []),
    script,
    `<h2>Fixed since the baseline: ${howMany(b.fixed)}</h2>`,
    ...(b.fixed.length ? ['<p class="muted">Failing in the baseline; evaluated again this run and not failing.</p>', baselineTable(b.fixed, '')] : []),
    ...(b.notRechecked.length
      ? [`<h2>Not re-checked: ${howMany(b.notRechecked)}</h2>`, '<p class="muted">In the baseline, not evaluated this run: neither fixed nor failing.</p>', baselineTable(b.notRechecked, 'why not re-checked')]
      : []),
  ].join('\n');
}

export function renderHtml(report: RunReport): string {
  const c = report.counts;
  const cov = coverageRatio(report.coverage);
  const tiles = (
    [
      ['passed', c.passed],
      ['failed', c.failed],
      ['observed', c.observed],
      ['not-exercised', c.notExercised],
      ['skipped', c.skipped],
    ] as const
  )
    .map(([k, n]) => `<div class="tile ${k}"><b>${n}</b>${LABEL[k]}</div>`)
    .join('');
  const t = baselineTally(report);
  const baselineTiles = t
    ? `<div class="tile new"><b>${t.new}</b>new failures</div><div class="tile known"><b>${t.known}</b>known from the baseline</div><div class="tile fixed"><b>${t.fixed}</b>fixed since</div>`
    : '';
  const script = report.failures.length
    ? `<details><summary>Shell script that re-sends every failure's requests (also --replay FILE)</summary><pre>${esc(replayScript(report))}</pre></details>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${commandOf(report)}: ${verdictOf(report)}</title><style>${CSS}</style></head>
<body><main>
<h1>${commandOf(report)}<span class="verdict ${verdictOf(report) === 'PASSED' ? 'pass' : 'fail'}">${verdictOf(report)}</span></h1>
<p class="meta">${report.targets.map((t) => `${t.iface}: <code>${esc(t.url)}</code>${t.embedded ? ' (embedded fake)' : ''}`).join(' · ')}</p>
<p class="meta">${runFacts(report).map(esc).join(' · ')} · started ${esc(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · ${report.requests} requests</p>
${report.baseline ? `<p class="meta">baseline <code>${esc(report.baseline.file)}</code>: doppel ${esc(report.baseline.doppelVersion)}, seed ${report.baseline.seed}, started ${esc(report.baseline.startedAt)}${report.baseline.note ? ` · ${esc(report.baseline.note)}` : ''}</p>` : ''}
<div class="tiles">${baselineTiles}${tiles}<div class="tile"><b>${cov.seen}/${cov.documented}</b>documented statuses seen</div><div class="tile"><b>${report.inputClasses.sent}/${report.inputClasses.total}</b>input classes sent</div></div>
${report.partial ? `<p class="summary">Partial report: the run was interrupted by ${esc(report.partial.interrupted)}; the checks it had not done are not exercised.</p>` : ''}
<div class="summary">${esc(summaryLine(report))}</div>
${report.secrets.length ? `<p class="muted">Keys are shown as ${secretsLegend(report.secrets).map((s) => `<code>${esc(s.names)}</code> (${esc(s.what)})`).join(', ')}.</p>` : ''}
${failureSections(report, script)}
<h2>Checks</h2>
${checksTable(report)}
<h2>${report.traffic ? 'Observed coverage: the operations and statuses the traffic hit' : 'Coverage: documented statuses seen per operation'}</h2>
${coverageTable(report)}
${inputClassesSection(report)}
</main></body></html>
`;
}

export function writeHtmlReport(file: string, report: RunReport): void {
  writeFileSync(file, renderHtml(report));
}
