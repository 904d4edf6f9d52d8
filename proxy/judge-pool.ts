// doppel proxy's judges beside the forwarding path (--judges N): long-lived worker threads, each
// holding a shard of the judge (judge-worker.ts), not a task pool — a judge keeps the model of what
// the target said, so every exchange of a namespace goes to the same judge, in the order they
// ended (a hash of X-Doppel-Namespace picks it). Not by key: the model relates keys (a login token
// and an API key of one user, a send to another key's wallet, keys that may share an account), and
// judges that each saw some keys would take those answers for violations. The hand-off queue of
// each judge is bounded in bytes, read without a message (a shared counter of the bytes judged):
// an exchange that would overflow it is not judged, counted as such in the report and said on
// stderr at most once a second, and its namespace's judge forgets what came before, so that no
// later answer is judged against a history with a hole in it. The forwarding path never waits.
import { Worker } from 'node:worker_threads';
import type { Judging, JudgingContext } from '../conformance/traffic/traffic-session.js';
import type { ShardSnapshot } from '../conformance/traffic/judge-shard.js';
import { namespaceOf } from '../conformance/traffic/target-reset.js';
import type { Exchange } from '../conformance/types.js';
import { partsOf, weightOf, type FromJudge, type JudgeStart, type ToJudge, type ToJudgeBatch } from './judge-wire.js';

/** Bytes waiting for the judges at most, over all of them, by default. */
export const DEFAULT_JUDGE_QUEUE_BYTES = 256 * 1024 * 1024;
/** How often "judges behind" is said on stderr at most. */
const BEHIND_EVERY_MS = 1_000;

export interface JudgePoolOptions {
  judges: number;
  /** The worker's script (judge-worker-url.ts). */
  script: URL;
  /** Bytes waiting for the judges at most, over all of them. */
  queueBytes?: number | undefined;
  /** One line a person should read (stderr), already about doppel, not the target. */
  note: (line: string) => void;
}

interface Judge {
  worker: Worker;
  index: number;
  /** Bytes handed to it so far. */
  sent: number;
  /** Namespaces of which it missed exchanges since it last got one. */
  missed: Set<string>;
  /** Messages of this turn of the event loop, posted together at its end, and the bodies they move. */
  batch: ToJudge[];
  moved: ArrayBuffer[];
  /** Why it stopped, once it has. */
  stopped?: string | undefined;
}

export interface JudgePool {
  /** The judging of one session (a proxy has one). */
  judging(context: JudgingContext): Judging;
  close(): Promise<void>;
}

/** FNV-1a: a namespace's judge, the same for the whole run. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function startJudgePool(options: JudgePoolOptions): JudgePool {
  const done = new SharedArrayBuffer(8 * options.judges);
  const judged = new BigInt64Array(done);
  const limit = (options.queueBytes ?? DEFAULT_JUDGE_QUEUE_BYTES) / options.judges;
  const judges: Judge[] = [];
  /** Snapshots asked for: the judges yet to answer, and the answers by judge. */
  const waiting = new Map<number, { pending: Set<Judge>; got: Map<number, ShardSnapshot>; resolve: (s: ShardSnapshot[]) => void }>();
  let context: JudgingContext | undefined;
  let asked = 0;
  let behind = 0;
  let saidAt = 0;
  let closing = false;

  const stop = (judge: Judge, why: string): void => {
    if (judge.stopped) return;
    judge.stopped = why;
    if (!closing) options.note(`doppel proxy: a judge stopped (${why}): what it judged is not in the report; exchanges of its namespaces are counted as not judged from here on`);
    for (const id of waiting.keys()) answered(id, judge, undefined);
  };
  const answered = (id: number, judge: Judge, snapshot: ShardSnapshot | undefined): void => {
    const w = waiting.get(id);
    if (!w || !w.pending.delete(judge)) return;
    if (snapshot) w.got.set(judge.index, snapshot);
    if (w.pending.size > 0) return;
    waiting.delete(id);
    w.resolve([...w.got].sort(([a], [b]) => a - b).map(([, s]) => s));
  };

  // Not waited for: the judges load their modules while the proxy starts listening, and what comes
  // before they are ready waits in their queue. One that cannot start stops (said, and counted).
  for (let index = 0; index < options.judges; index++) {
    const worker = new Worker(options.script, { workerData: { done, index } satisfies JudgeStart });
    const judge: Judge = { worker, index, sent: 0, missed: new Set(), batch: [], moved: [] };
    judges.push(judge);
    worker.on('error', (error) => stop(judge, error.message));
    worker.on('exit', (code) => stop(judge, `exit ${code}`));
    worker.on('message', (message: FromJudge) => {
      switch (message.t) {
        case 'failure':
          context?.found(message.failure, message.keep);
          return;
        case 'note':
          options.note(`doppel proxy: ${message.line}`);
          return;
        case 'snapshot':
          answered(message.id, judge, message.snapshot);
          return;
        default:
      }
    });
  }

  const judgeOf = (namespace: string): Judge => judges[hashOf(namespace) % judges.length] as Judge;
  let flushing: NodeJS.Immediate | undefined;
  const flush = (): void => {
    flushing = undefined;
    for (const judge of judges) {
      if (judge.batch.length === 0) continue;
      if (!judge.stopped) judge.worker.postMessage(judge.batch satisfies ToJudgeBatch, judge.moved);
      judge.batch = [];
      judge.moved = [];
    }
  };
  const post = (judge: Judge, message: ToJudge): void => {
    judge.batch.push(message);
    flushing ??= setImmediate(flush);
  };

  return {
    judging(ctx) {
      context = ctx;
      for (const judge of judges) post(judge, { t: 'setup', ifaces: [...ctx.ifaces], decisions: ctx.decisions });
      return {
        see(ex: Exchange) {
          const namespace = namespaceOf(ex);
          const judge = judgeOf(namespace);
          const bytes = weightOf(ex);
          const backlog = judge.sent - Number(Atomics.load(judged, judge.index));
          if (judge.stopped || backlog + bytes > limit) {
            judge.missed.add(namespace);
            ctx.behind(bytes);
            // A judge that stopped was said once (stop); only a full queue is said again.
            if (judge.stopped) return;
            behind++;
            const now = Date.now();
            if (now - saidAt >= BEHIND_EVERY_MS) {
              saidAt = now;
              options.note(`doppel proxy: judges behind: ${behind} exchange${behind === 1 ? '' : 's'} not judged so far (forwarded and recorded; counted in the report)`);
            }
            return;
          }
          if (judge.missed.size > 0) {
            post(judge, { t: 'forget', namespaces: [...judge.missed] });
            judge.missed.clear();
          }
          judge.sent += bytes;
          const parts = partsOf(ex);
          judge.moved.push((parts.body as Uint8Array).buffer as ArrayBuffer);
          post(judge, { t: 'see', parts, bytes });
        },
        forget(namespace) {
          if (namespace === undefined) for (const judge of judges) post(judge, { t: 'forget' });
          else post(judgeOf(namespace), { t: 'forget', namespaces: [namespace] });
        },
        snapshots() {
          const alive = judges.filter((j) => !j.stopped);
          if (alive.length === 0) return Promise.resolve([]);
          const id = ++asked;
          return new Promise<ShardSnapshot[]>((resolve) => {
            waiting.set(id, { pending: new Set(alive), got: new Map(), resolve });
            for (const judge of alive) post(judge, { t: 'snapshot', id });
          });
        },
      };
    },
    async close() {
      closing = true;
      if (flushing) clearImmediate(flushing);
      await Promise.all(judges.map((j) => j.worker.terminate()));
    },
  };
}
