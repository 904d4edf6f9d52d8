// The traceability of the interface documents: every clause (spec/clauses.ts, parsed from
// docs/interfaces/*.md) with the assertions that cite it, or the reason no assertion can
// (conformance/checks/unjudged-clauses.ts). docs/reference/seed-coverage.md and the README's figure
// are rendered from it (test/docs/generated-tables.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKS, UNJUDGED_CLAUSES } from '../../../conformance/index.js';
import { clausesOf, resourceGraph, type Clause, type FieldSource } from '../../../spec/index.js';
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

/** `relations: 34 judged (22 seed, 12 decision)`: the relations of the resource graph, each an assertion of resource-relations. */
export function relationsLine(): string {
  const all = resourceGraph().relations;
  const seeds = all.filter((r) => r.source.kind === 'seed').length;
  return `**relations: ${all.length} judged** (${seeds} seed, ${all.length - seeds} decision)`;
}

const sourceText = (s: FieldSource): string => (s.from === 'record' ? s.name : s.from === 'answer' ? `/${s.pointer.join('/')}` : s.from === 'const' ? JSON.stringify(s.value) : `${s.from}/${s.name}`);

/** The resource graph as the page shows it: each resource with its key, scope and the answers that carry it; each relation with its source. */
export function renderRelations(): string {
  const graph = resourceGraph();
  const out: string[] = [relationsLine() + '.', '', '| resource | key | scope | carried by (where in the answer; a field read from two places must agree) |', '|---|---|---|---|'];
  for (const r of graph.resources) {
    const scope = r.scope.kind === 'parent' ? `each ${r.scope.resource}` : r.scope.kind === 'caller' ? 'each caller (key)' : 'the interface';
    const carriers = r.carriers.map((c) => {
      // A field read from the record's own field of that name shows as the field alone.
      const fields = Object.entries(c.fields).map(([f, s]) => [f, ...s.filter((x) => !(x.from === 'record' && x.name === f)).map(sourceText)].join(' = '));
      return `\`${c.operationId}\` ${c.at.length ? `\`/${c.at.join('/')}\`` : 'the answer'}${c.role === 'shows' ? '' : ` (${c.role})`}${fields.length ? `: ${fields.join(', ')}` : ''}`;
    });
    out.push(`| ${r.iface} ${r.name} | ${[...r.key, ...r.alsoKey.map((k) => `${k} (also)`)].join(' + ')} | ${scope} | ${cell(carriers.join('<br>'))} |`);
  }
  out.push('', '| relation | kind | holds that | seed clauses (fail by default) | decision (fails under --strict) |', '|---|---|---|---|---|');
  for (const rel of graph.relations) {
    const seed = rel.source.kind === 'seed' ? code([...rel.source.clauses]) : '';
    const decision = rel.source.kind === 'decision' ? `\`${rel.source.decision}\`${rel.source.refines.length ? ` (refines ${rel.source.refines.map((c) => `\`${c}\``).join(', ')})` : ''}` : '';
    out.push(`| \`resource-relations/${rel.id}\` | ${rel.kind}${rel.fields.length ? ` (${rel.fields.join(', ')})` : ''} | ${cell(rel.says)} | ${seed} | ${decision} |`);
  }
  return out.join('\n');
}
