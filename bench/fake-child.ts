// Child process: a fake served over HTTP by startMock (what `doppel mock` runs), steered over the
// IPC channel by bench/fake-process.ts: audit snapshots, memory figures, a forced GC, stop. The load
// clients stay in the parent, so the CPU, latency and memory figures are the server's own
// (issue 16: with server and clients in one process, the clients' work showed up as the server's).
import { startMock, type StartMockOptions } from '../mock/index.js';
import { auditSnapshot } from '../test/support/robustness/audit-snapshot.js';

export type ChildRequest = { id: number; type: 'audit' | 'memory' | 'gc' | 'stop' };
export type ChildReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

const options = JSON.parse(process.argv[2] ?? '{}') as StartMockOptions;
const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, ...options });
const send = (message: unknown): void => void process.send?.(message);

async function answer(request: ChildRequest): Promise<unknown> {
  switch (request.type) {
    case 'audit':
      return auditSnapshot(mock.fake);
    case 'memory':
      return process.memoryUsage();
    case 'gc':
      // Two passes: the first may only schedule finalization of what the second frees.
      globalThis.gc?.();
      globalThis.gc?.();
      return { ...process.memoryUsage(), gcExposed: typeof globalThis.gc === 'function' };
    case 'stop':
      await mock.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (request: ChildRequest) => {
  answer(request).then(
    (value) => send({ id: request.id, ok: true, value } satisfies ChildReply),
    (error: unknown) => send({ id: request.id, ok: false, error: String(error) } satisfies ChildReply),
  );
});
// The parent went away without stopping us: do not linger.
process.on('disconnect', () => void mock.close().finally(() => process.exit(0)));
send({ ready: true, trading: mock.trading, wallet: mock.wallet });
