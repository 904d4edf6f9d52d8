// One judge of doppel proxy on a worker thread (judge-pool.ts starts it): a shard of the judge of
// doppel check (conformance/traffic/judge-shard.ts) that gets every exchange of its namespaces in
// the order they ended, tells each failure new to it, counts the bytes it has judged where the
// main thread reads them without a message, and gives its snapshot when asked (the report).
import { parentPort, workerData } from 'node:worker_threads';
import { JudgeShard } from '../conformance/traffic/judge-shard.js';
import { exchangeOf, type FromJudge, type JudgeStart, type ToJudge, type ToJudgeBatch } from './judge-wire.js';

const start = workerData as JudgeStart;
const port = parentPort;
if (port) {
  const done = new BigInt64Array(start.done);
  const tell = (message: FromJudge): void => port.postMessage(message);
  let shard: JudgeShard | undefined;
  const take = (message: ToJudge): void => {
    switch (message.t) {
      case 'setup':
        shard = new JudgeShard({ ifaces: message.ifaces, decisions: message.decisions, onFailure: (failure, keep) => tell({ t: 'failure', failure, keep }) });
        return;
      case 'see':
        try {
          shard?.see(exchangeOf(message.parts));
        } catch (error) {
          // A fault of the judge is doppel's, not the target's: said, and the next exchange judged.
          tell({ t: 'note', line: `${message.parts.method} ${new URL(message.parts.url).pathname}: the checks could not judge this exchange (${(error as Error)?.message ?? String(error)})` });
        }
        Atomics.add(done, start.index, BigInt(message.bytes));
        return;
      case 'forget':
        if (message.namespaces === undefined) shard?.forget();
        else for (const ns of message.namespaces) shard?.forget(ns);
        return;
      case 'snapshot':
        if (shard) tell({ t: 'snapshot', id: message.id, snapshot: shard.snapshot() });
        return;
    }
  };
  port.on('message', (batch: ToJudgeBatch) => {
    for (const message of batch) take(message);
  });
}
