// The traceability of the interface documents: every clause (spec/clauses.ts, parsed from
// docs/interfaces/*.md) with the assertions that cite it, or the reason no assertion can
// (conformance/checks/unjudged-clauses.ts). docs/reference/seed-coverage.md and the README's figure
// are rendered from it (test/docs/generated-tables.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKS, UNJUDGED_CLAUSES } from '../../../conformance/index.js';
import { clausesOf, type Clause } from '../../../spec/index.js';
import { ROOT } from './doc-pages.js';

export interface ClauseCoverage {
  clause: Clause;
  /** `check/assertion` of each seed assertion citing it. */
  seed: string[];
  /** `check/assertion` of each decision assertion refining it. */
  decision: string[];
  reason: string | undefined;
}

/** Every clause of both documents, in document order. */
export function allClauses(): Clause[] {
  return (['trading', 'wallet'] as const).flatMap((iface) => clausesOf(iface, readFileSync(join(ROOT, 'docs', 'interfaces', `${iface}.md`), 'utf8')));
}

export function seedCoverage(): ClauseCoverage[] {
  return allClauses().map((clause) => {
    const citing = (kind: 'seed' | 'decision') => CHECKS.flatMap((c) => c.assertions.filter((a) => a.kind === kind && a.clauses.includes(clause.id)).map((a) => `${c.id}/${a.id}`));
    return { clause, seed: citing('seed'), decision: citing('decision'), reason: UNJUDGED_CLAUSES[clause.id] };
  });
}

/** Clause ids an assertion or the reasons registry names that no document has. */
export function unknownCitations(): string[] {
  const known = new Set(allClauses().map((c) => c.id));
  const cited = CHECKS.flatMap((c) => c.assertions.flatMap((a) => a.clauses.map((id) => ({ id, by: `${c.id}/${a.id}` }))));
  return [...cited.filter((c) => !known.has(c.id)).map((c) => `${c.by} cites "${c.id}"`), ...Object.keys(UNJUDGED_CLAUSES).filter((id) => !known.has(id)).map((id) => `unjudged-clauses.ts explains "${id}"`)];
}

export function coverageFigure(rows = seedCoverage()): { total: number; judged: number; explained: number } {
  return { total: rows.length, judged: rows.filter((r) => r.seed.length + r.decision.length > 0).length, explained: rows.filter((r) => r.reason !== undefined).length };
}

export function figureLine(): string {
  const { total, judged, explained } = coverageFigure();
  return `**${judged} of ${total} clauses judged, ${explained} explained**`;
}

const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const code = (ids: string[]) => ids.map((id) => `\`${id}\``).join('<br>');

/** The page's tables: one per document, a row per clause. */
export function renderCoverage(): string {
  const rows = seedCoverage();
  const out: string[] = [figureLine() + '.'];
  for (const iface of ['trading', 'wallet'] as const) {
    out.push('', `### ${iface}.md`, '', '| clause | the document says | seed assertions (fail by default) | decision assertions (fail under --strict) | not judged because |', '|---|---|---|---|---|');
    for (const r of rows.filter((x) => x.clause.iface === iface)) {
      const text = r.clause.text.length > 140 ? `${r.clause.text.slice(0, 137)}…` : r.clause.text;
      out.push(`| \`${r.clause.id}\` | ${cell(text)} | ${code(r.seed)} | ${code(r.decision)} | ${cell(r.reason ?? '')} |`);
    }
  }
  return out.join('\n');
}
