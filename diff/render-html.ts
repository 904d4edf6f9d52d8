// doppel diff's HTML page (--html FILE): the summary, the decisions that changed, then each request
// whose answers differ with the two answers side by side, the lines of the differing fields
// highlighted, each difference under them with its verdict. Self-contained (no script, no
// request); every text from the network escaped (htmlText) and masked when the report was made.
import { htmlText as esc } from '../conformance/index.js';
import type { AnswerPair, Difference, DiffReport } from './types.js';

const STYLE = `body{font:14px system-ui,sans-serif;margin:1.5rem;color:#1b1b1b}h1{font-size:1.3rem}
.summary{padding:.6rem .8rem;border-radius:6px;background:#eef6ee}.summary.failed{background:#fbeaea}
section.request{margin:1.5rem 0;border-top:1px solid #ccc;padding-top:.6rem}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:.8rem}.side h3{font-size:.95rem;margin:.2rem 0}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:28rem;margin:0;font-size:12px}
pre span{display:block}pre span.hit{background:#ffe08a}
ul.differences{margin:.4rem 0;padding-left:1.2rem}li.seed{color:#a40000}li.decision{color:#7a4d00}li.unexplained{color:#333}
.verdict{font-weight:600}`;

/** The last segment of each differing field's pointer: the lines of the pretty JSON that hold it are marked. */
function fieldNames(differences: readonly Difference[]): Set<string> {
  return new Set(differences.map((d) => d.at.split('/').pop() ?? '').filter((name) => name !== '' && !/^\d+$/.test(name)));
}

function body(text: string, names: ReadonlySet<string>): string {
  return text
    .split('\n')
    .map((line) => {
      const key = /^\s*"((?:[^"\\]|\\.)*)":/.exec(line)?.[1];
      return `<span${key !== undefined && names.has(key) ? ' class="hit"' : ''}>${esc(line) || ' '}</span>`;
    })
    .join('');
}

function verdictOf(d: Difference): string {
  if (d.verdict === 'seed') return `seed (${d.side})`;
  if (d.verdict === 'decision' && d.decision) return `decision ${d.decision.point}: ${JSON.stringify(d.decision.primary)} → ${JSON.stringify(d.decision.candidate)}`;
  return d.verdict;
}

function request(pair: AnswerPair, differences: readonly Difference[]): string {
  const names = fieldNames(differences);
  const side = (name: string, a: AnswerPair['primary']) => `<div class="side ${name}"><h3>${name}: ${a.status} ${esc(a.contentType)}</h3><pre>${body(a.body, names)}</pre></div>`;
  const items = differences
    .filter((d) => d.verdict !== 'noise')
    .map((d) => `<li class="${d.verdict}"><span class="verdict">${esc(verdictOf(d))}</span> ${esc(d.kind)} <code>${esc(d.at)}</code>: ${esc(d.primary)} → ${esc(d.candidate)}${d.rule ? ` <small>${esc(d.rule)}</small>` : ''}</li>`)
    .join('');
  return `<section class="request" id="r${pair.index}"><h2>#${pair.index} ${esc(pair.method)} ${esc(pair.path)}</h2><ul class="differences">${items}</ul><div class="sides">${side('primary', pair.primary)}${side('candidate', pair.candidate)}</div></section>`;
}

export function renderHtml(report: DiffReport): string {
  const { seed, decision, unexplained, noise } = report.counts;
  const decisions = report.decisions.map((c) => `<li>${esc(c.point)}: ${esc(JSON.stringify(c.primary))} → ${esc(JSON.stringify(c.candidate))}</li>`).join('');
  const requests = report.answers.map((pair) => request(pair, report.differences.filter((d) => d.index === pair.index))).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>doppel diff</title><style>${STYLE}</style></head><body>
<h1>doppel diff: ${esc(report.recording)}</h1>
<p class="summary${report.failed ? ' failed' : ''}">${report.failed ? 'FAILED' : 'passed'}${report.strict ? ' (--strict)' : ''}: ${report.replayed} of ${report.requests} requests replayed, ${report.aligned} identifiers aligned; ${seed} seed, ${decision} decision, ${unexplained} unexplained, ${noise} noise differences</p>
${decisions ? `<h2>Decisions changed</h2><ul class="decisions">${decisions}</ul>` : ''}
${requests || '<p>No answer differs but by noise.</p>'}
</body></html>
`;
}
