// The mutation score: of the mutants whose layer changed something the checker's traffic reached
// (applied), how many made the run fail (killed); the equivalent and the unreached counted apart.
// Rendered as bench/MUTATION.md, each survivor with the rule it breaks and a curl line that shows it.
import type { Mutant } from './mutant.js';
import { ruleOf } from './mutant.js';
import { cannotJudge } from './cannot-judge.js';
import type { MutantResult } from './run-mutant.js';

export interface ControlResult {
  shape: string;
  seed: number;
  failed: boolean;
  failures: string[];
}

export interface Tally {
  generated: number;
  equivalent: number;
  notReached: number;
  applied: number;
  killed: number;
}

export interface Score extends Tally {
  survived: number;
  /** killed / applied, one decimal. */
  percent: number;
  controls: number;
  controlsClean: boolean;
  seconds: number;
  byFamily: Record<string, Tally>;
  byOperator: Record<string, Tally>;
}

const empty = (): Tally => ({ generated: 0, equivalent: 0, notReached: 0, applied: 0, killed: 0 });

function count(t: Tally, r: MutantResult | undefined): void {
  t.generated++;
  if (!r) return;
  if (r.outcome === 'equivalent') t.equivalent++;
  else if (r.outcome === 'not-reached') t.notReached++;
  else {
    t.applied++;
    if (r.outcome === 'killed') t.killed++;
  }
}

export const percentOf = (killed: number, applied: number): number => (applied === 0 ? 0 : Math.floor((1000 * killed) / applied) / 10);

export function scoreOf(mutants: readonly Mutant[], results: readonly MutantResult[], controls: readonly ControlResult[], seconds: number): Score {
  const byId = new Map(results.map((r) => [r.id, r]));
  const total = empty();
  const byFamily: Record<string, Tally> = {};
  const byOperator: Record<string, Tally> = {};
  for (const m of mutants) {
    const r = byId.get(m.id);
    count(total, r);
    count((byFamily[m.family] ??= empty()), r);
    count((byOperator[`${m.family}/${m.operator}`] ??= empty()), r);
  }
  return { ...total, survived: total.applied - total.killed, percent: percentOf(total.killed, total.applied), controls: controls.length, controlsClean: controls.every((c) => !c.failed), seconds, byFamily, byOperator };
}

const PORTS = { trading: 4010, wallet: 4020 } as const;
const sq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const clip = (s: string, n = 160): string => (s.length > n ? `${s.slice(0, n)}…` : s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The request that reached the layer, as a curl line against `doppel mock` on its default ports. */
export function curlOf(m: Mutant, r: MutantResult): string {
  const req = r.first?.req;
  if (!req) return '';
  const headers = Object.entries(req.headers)
    .filter(([k]) => ['api-key', 'x-api-key', 'content-type'].includes(k))
    .map(([k, v]) => ` -H ${sq(`${k}: ${v}`)}`)
    .join('');
  const body = req.method === 'GET' || !req.body ? '' : ` --data ${sq(req.body)}`;
  return `curl -sS -X ${req.method} ${sq(`http://127.0.0.1:${PORTS[m.iface]}${req.path}`)}${headers}${body}`;
}

const row = (name: string, t: Tally): string => `| ${name} | ${t.generated} | ${t.equivalent} | ${t.notReached} | ${t.applied} | ${t.killed} | ${t.applied ? `${percentOf(t.killed, t.applied)}%` : '–'} |`;

export function renderScore(mutants: readonly Mutant[], results: readonly MutantResult[], score: Score): string {
  const byId = new Map(results.map((r) => [r.id, r]));
  const survivors = mutants.filter((m) => byId.get(m.id)?.outcome === 'survived');
  const equivalent = mutants.filter((m) => m.equivalent);
  const reasons = new Map<string, Mutant[]>();
  for (const m of equivalent) {
    const key = `${m.operator}: ${m.equivalent as string}`;
    reasons.set(key, [...(reasons.get(key) ?? []), m]);
  }
  const lines = [
    '# Mutation score of `doppel check`',
    '',
    'Written by `npm run mutation` (bench/mutation.ts) from a full run; do not edit. Each mutant is one',
    'operator (test/mutation/operators/) applied at one site of one interface, as a layer in front of',
    '`doppel mock`, and states the clause or decision it breaks. It is judged by a default run of',
    '`doppel check --allow-writes` against that interface (`--strict` when it breaks a decision,',
    '`--concurrency 8` for a race class). Applied: the layer changed a request or an answer the run',
    'made. Killed: the run failed. Equivalent mutants (the documents allow what they do) are not run.',
    '',
    `**doppel check kills ${score.percent}% of ${score.applied} applied breakages** (${score.killed} killed, ${score.survived} survived), of ${score.generated} generated:`,
    `${score.equivalent} equivalent, ${score.notReached} not reached by the checker's traffic. Controls: the unmutated fake over`,
    `20 seeds, both interfaces, with and without \`--strict\`: ${score.controls} runs, ${score.controlsClean ? 'all clean' : 'NOT all clean'}. The full run took ${score.seconds} s.`,
    '',
    '## By family and operator',
    '',
    '| Operator | Generated | Equivalent | Not reached | Applied | Killed | Score |',
    '|---|---|---|---|---|---|---|',
    ...Object.entries(score.byFamily).flatMap(([family, t]) => [
      row(`**${family}**`, t),
      ...Object.entries(score.byOperator)
        .filter(([k]) => k.startsWith(`${family}/`))
        .map(([k, o]) => row(`  ${k.slice(family.length + 1)}`, o)),
    ]),
    '',
    `## Survivors (${survivors.length})`,
    '',
    survivors.length === 0 ? 'None.' : 'Each breaks the rule named; the curl line sends the request whose answer the layer changed (to `doppel mock` on its default ports), and the row says what the mutant answered instead.',
    '',
    ...survivors.flatMap((m) => {
      const r = byId.get(m.id) as MutantResult;
      const after = r.first?.after ? `${r.first.after.status} ${clip(r.first.after.body)}` : r.first?.forwarded ? `forwarded as ${r.first.forwarded.method} ${r.first.forwarded.path}` : '';
      const why = cannotJudge(m.id);
      return [`- **${m.id}** — ${m.says}; breaks ${ruleOf(m.violates)}.`, `  \`${curlOf(m, r)}\``, ...(after ? [`  answered: \`${after}\``] : []), ...(why ? [`  Cannot be judged from outside: ${why}.`] : []), ''];
    }),
    `## Equivalent (${equivalent.length})`,
    '',
    '| Operator and reason | Mutants |',
    '|---|---|',
    ...[...reasons].map(([reason, ms]) => `| ${clip(reason, 200)} | ${ms.map((m) => m.site).join(', ')} |`),
    '',
    '## Not reached',
    '',
    'The layer changed nothing in the run: the checker never asked for, or was never answered, what it breaks (a status the fake never gives an operation, a decimal too small for a thousands separator).',
    '',
    '| Operator | Not reached |',
    '|---|---|',
    ...Object.entries(score.byOperator)
      .filter(([, t]) => t.notReached > 0)
      .map(([k, t]) => `| ${k} | ${t.notReached} |`),
    '',
  ];
  return `${lines.join('\n')}\n`;
}
