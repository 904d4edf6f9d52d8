// `npm run mutation`: every generated mutant (test/mutation/) judged by a run of `doppel check`,
// sharded over child processes (one per core unless --shards), a progress line on stderr, then the
// controls (the unmutated fake over 20 seeds, both interfaces, with and without --strict), and the
// score written to bench/MUTATION.md and bench/mutation-score.json (what the README's figure and the
// sample in `npm test` read). `--only <regex>` runs the mutants whose id matches (a score of those,
// written nowhere).
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMutants } from '../test/mutation/generate-mutants.js';
import { ruleOf } from '../test/mutation/mutant.js';
import { recordClean, runMutant, shapeKey, shapeOf, type MutantResult, type Recorded, type RunShape } from '../test/mutation/run-mutant.js';
import { renderScore, scoreOf, type ControlResult } from '../test/mutation/score.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

type Job = { kind: 'mutants'; ids: string[] } | { kind: 'control'; shape: RunShape };
type Message = { kind: 'result'; result: MutantResult } | { kind: 'control'; result: ControlResult } | { kind: 'done' };

/** A shard: judges the mutants it is given, keeping one clean run per run shape for the replay. */
async function child(job: Job): Promise<void> {
  const send = (m: Message): Promise<void> => new Promise((resolve) => void process.send?.(m, () => resolve()));
  if (job.kind === 'control') {
    const { report } = await recordClean(job.shape);
    await send({ kind: 'control', result: { shape: shapeKey(job.shape), seed: job.shape.seed ?? 11, failed: report.failed, failures: report.failures.map((f) => `${f.checkId}/${f.assertion} (${f.severity})`) } });
    await send({ kind: 'done' });
    return;
  }
  const byId = new Map(generateMutants().map((m) => [m.id, m]));
  const cleans = new Map<string, Recorded[]>();
  for (const id of job.ids) {
    const m = byId.get(id);
    if (!m) continue;
    const key = shapeKey(shapeOf(m));
    if (!m.equivalent && !m.concurrency && !cleans.has(key)) cleans.set(key, (await recordClean(shapeOf(m))).exchanges);
    const result = await runMutant(m, cleans.get(key));
    // The first changed exchange is what the survivor's curl line shows; a killed one needs none.
    await send({ kind: 'result', result: result.outcome === 'survived' ? result : { id: result.id, outcome: result.outcome, killers: result.killers, ms: result.ms } });
  }
  await send({ kind: 'done' });
}

function runShard(job: Job, onMessage: (m: Message) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = fork(fileURLToPath(import.meta.url), ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    c.on('message', (m: Message) => (m.kind === 'done' ? undefined : onMessage(m)));
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a shard exited ${code}`))));
    c.send(job);
  });
}

async function parent(): Promise<void> {
  const only = arg('--only');
  const shards = Number(arg('--shards') ?? availableParallelism());
  const all = generateMutants();
  const chosen = only ? all.filter((m) => new RegExp(only).test(m.id)) : all;
  const results: MutantResult[] = [];
  const started = Date.now();
  const tally = () => {
    const c = { killed: 0, survived: 0, 'not-reached': 0, equivalent: 0 };
    for (const r of results) c[r.outcome]++;
    return c;
  };
  const progress = (): void => {
    const t = tally();
    const done = results.length;
    const elapsed = (Date.now() - started) / 1000;
    const eta = done > 0 ? Math.round((elapsed / done) * (chosen.length - done)) : 0;
    // On a terminal, one line rewritten in place; in a log, a line every 50 mutants.
    if (!process.stderr.isTTY && done % 50 !== 0 && done !== chosen.length) return;
    process.stderr.write(`${process.stderr.isTTY ? '\r' : ''}[mutation] ${done}/${chosen.length}  killed ${t.killed}  survived ${t.survived}  not reached ${t['not-reached']}  equivalent ${t.equivalent}  ${Math.round(elapsed)} s, ~${eta} s left${process.stderr.isTTY ? '   ' : '\n'}`);
  };
  // Shards by interleaving, so each gets every family (runs cost about the same).
  const jobs: Job[] = Array.from({ length: shards }, (_, i) => ({ kind: 'mutants', ids: chosen.filter((_, k) => k % shards === i).map((m) => m.id) }));
  await Promise.all(
    jobs.map((job) =>
      runShard(job, (m) => {
        if (m.kind === 'result') {
          results.push(m.result);
          const mutant = chosen.find((x) => x.id === m.result.id);
          if (m.result.outcome === 'survived' && mutant) process.stdout.write(`survived: ${mutant.id} (${mutant.says}; breaks ${ruleOf(mutant.violates)})\n`);
        }
        progress();
      }),
    ),
  );
  process.stderr.write('\n');
  const controls: ControlResult[] = [];
  if (!only) {
    const shapes: RunShape[] = [];
    for (let seed = 1; seed <= 20; seed++) for (const iface of ['trading', 'wallet'] as const) for (const strict of [false, true]) shapes.push({ iface, strict, rateLimit: false, seed });
    for (let i = 0; i < shapes.length; i += shards) {
      await Promise.all(shapes.slice(i, i + shards).map((shape) => runShard({ kind: 'control', shape }, (m) => m.kind === 'control' && controls.push(m.result))));
      process.stderr.write(`\r[mutation] controls ${controls.length}/${shapes.length}   `);
    }
    process.stderr.write('\n');
  }
  const score = scoreOf(chosen, results, controls, Math.round((Date.now() - started) / 1000));
  console.log(`killed ${score.killed} of ${score.applied} applied (${score.percent}%); ${score.generated} generated, ${score.notReached} not reached, ${score.equivalent} equivalent; controls ${score.controlsClean ? 'clean' : 'NOT clean'}`);
  if (!only) {
    writeFileSync(join(ROOT, 'bench/MUTATION.md'), renderScore(chosen, results, score));
    writeFileSync(join(ROOT, 'bench/mutation-score.json'), `${JSON.stringify(score, null, 2)}\n`);
    console.log('wrote bench/MUTATION.md and bench/mutation-score.json');
  }
}

if (process.argv.includes('--child')) process.once('message', (job: Job) => void child(job).then(() => process.exit(0), (e) => (console.error(e), process.exit(1))));
else await parent();
