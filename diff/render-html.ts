// doppel diff's HTML page (--html FILE): the summary, the decisions that changed, then each request
// whose answers differ with the two answers side by side, the lines of the differing fields
// highlighted (by pointer), each difference under them with its verdict. Self-contained (no script, no
// request); every text from the network escaped (htmlText) and masked when the report was made.
import { htmlText as esc } from '../conformance/index.js';
import { learnedNoise, requestsSent } from './render-console.js';
import type { AnswerPair, Difference, DiffReport } from './types.js';

const STYLE = `body{font:14px system-ui,sans-serif;margin:1.5rem;color:#1b1b1b}h1{font-size:1.3rem}
.summary{padding:.6rem .8rem;border-radius:6px;background:#eef6ee}.summary.failed{background:#fbeaea}
section.request{margin:1.5rem 0;border-top:1px solid #ccc;padding-top:.6rem}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:.8rem}.side h3{font-size:.95rem;margin:.2rem 0}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:28rem;margin:0;font-size:12px}
pre span{display:block}pre span.hit{background:#ffe08a}
ul.differences{margin:.4rem 0;padding-left:1.2rem}li.seed{color:#a40000}li.decision{color:#7a4d00}li.unexplained{color:#333}
.verdict{font-weight:600}`;

const pointerPart = (part: string | number): string => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * The answer's lines (JSON.stringify(…, null, 2), diff-recording.ts), each line marked when the
 * value it holds is at a differing field's pointer or inside one: the field of that record, not
 * every field of its name. Each line's pointer follows the nesting the lines open and close.
 */
function body(text: string, pointers: readonly string[]): string {
  const open: { pointer: string; next: number | undefined }[] = [];
  const hit = (pointer: string): boolean => pointers.some((p) => pointer === p || pointer.startsWith(`${p}/`));
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      const parent = open[open.length - 1];
      let pointer: string | undefined;
      if (/^[\]}]/.test(trimmed)) open.pop();
      else if (parent !== undefined) {
        const key = /^"((?:[^"\\]|\\.)*)":/.exec(trimmed)?.[1];
        const part = parent.next === undefined ? (key === undefined ? undefined : (JSON.parse(`"${key}"`) as string)) : parent.next++;
        if (part !== undefined) pointer = parent.pointer + pointerPart(part);
      } else pointer = '';
      if (/[[{]$/.test(trimmed)) open.push({ pointer: pointer ?? '', next: trimmed.endsWith('[') ? 0 : undefined });
      return `<span${pointer !== undefined && pointer !== '' && hit(pointer) ? ' class="hit"' : ''}>${esc(line) || ' '}</span>`;
    })
    .join('');
}

function verdictOf(d: Difference): string {
  if (d.verdict === 'seed') return `seed (${d.side})`;
  if (d.verdict === 'decision' && d.decision) return `decision ${d.decision.point}: ${JSON.stringify(d.decision.primary)} → ${JSON.stringify(d.decision.candidate)}`;
  return d.verdict;
}

function request(pair: AnswerPair, differences: readonly Difference[]): string {
  const pointers = differences.map((d) => d.at).filter((at) => at.startsWith('/'));
  const side = (name: string, a: AnswerPair['primary']) => `<div class="side ${name}"><h3>${name}: ${a.status} ${esc(a.contentType)}</h3><pre>${body(a.body, pointers)}</pre></div>`;
  const items = differences
    .filter((d) => d.verdict !== 'noise')
    .map((d) => `<li class="${d.verdict}"><span class="verdict">${esc(verdictOf(d))}</span> ${esc(d.kind)}${d.at ? ` <code>${esc(d.at)}</code>` : ''}: ${esc(d.primary)} → ${esc(d.candidate)}${d.rule ? ` <small>${esc(d.rule)}</small>` : ''}</li>`)
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
<p class="summary${report.failed ? ' failed' : ''}">${report.failed ? 'FAILED' : 'passed'}${report.strict ? ' (--strict)' : ''}: ${esc(requestsSent(report))}, ${report.aligned} identifiers aligned; ${seed} seed, ${decision} decision, ${unexplained} unexplained, ${noise} noise differences${learnedNoise(report)}${report.partial ? ` (partial: stopped by ${esc(report.partial.interrupted)})` : ''}</p>
${decisions ? `<h2>Decisions changed</h2><ul class="decisions">${decisions}</ul>` : ''}
${requests || '<p>No answer differs but by noise.</p>'}
</body></html>
`;
}
