// After a reset, a state import or a dropped namespace, the old state is garbage: hundreds of MB
// after a long run (bench/SOAK.md). V8 collects it only when allocation asks for room, and an idle
// stub allocates little, so its pages stayed resident (RSS 2 s and 20 s after the reset alike).
// Full collections shortly after the drop give them back. The process runs without --expose-gc
// (doppel is started as `doppel mock`, from npx, from a test runner), so the collector is reached
// through a fresh context after setting the flag, once, on first use.
//
// A forced collection is atomic: it stops the process for as long as marking what is still live
// takes (200,000 orders live in another namespace: 50 ms on an idle machine, 140-270 ms on a loaded
// one, bench/long-lived.ts), and every request waits that long. So a collection runs only when the
// event loop was idle over the interval before it (no client waiting); while requests keep coming,
// it waits, and V8's own collections, which that traffic's allocation drives and which mark
// incrementally between requests, free the dropped state meanwhile.
//
// node:v8 and node:vm are loaded on the first drop, not at import: ~3 ms of every start otherwise.
// `performance` is Node's global one.

let collector: (() => void) | null | undefined;

function fullGc(): (() => void) | null {
  if (collector === undefined) {
    try {
      process.getBuiltinModule('node:v8').setFlagsFromString('--expose-gc');
      const gc = process.getBuiltinModule('node:vm').runInNewContext('gc') as unknown;
      collector = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collector = null;
    }
  }
  return collector;
}

/**
 * When, after a drop, to collect: twice once the answer to the reset is out, again a second later
 * (V8 hands back the pages a collection freed at the next one), and once more after the HTTP
 * keep-alive timeout (5 s), when the idle connections of the load before the reset have closed.
 * 2-minute soaks, RSS 2 s / 20 s after the reset (start-up 63 MiB): one collection 239 / 239 MiB,
 * two (+0.2 s, +3 s) 201 / 129, two (+0.2 s, +1 s) 130 / 130, three (+0.2 s twice, +1 s) 126 / 126
 * against 95 after the bench's own forced GC later, whose difference is those connections.
 */
const SCHEDULE_MS = [200, 0, 800, 5_000];

/** The share of an interval the event loop may have been busy for that interval to count as idle. */
const IDLE_UTILIZATION = 0.05;
/** How long a postponed collection waits before it looks again. */
const RETRY_MS = 250;

/**
 * A function to call after a state was dropped: collections on SCHEDULE_MS (a drop during them
 * starts them over), each one that follows a wait only once the event loop was idle over that
 * wait (else it looks again every RETRY_MS). Each pause is the time to mark what is still live.
 */
export function releaseMemorySoon(options: ReleaseOptions = {}): () => void {
  const { schedule = SCHEDULE_MS, idle = loopWasIdle, collect = () => fullGc()?.() } = options;
  let timer: NodeJS.Timeout | undefined;
  const step = (at: number, delay: number): void => {
    const since = performance.eventLoopUtilization();
    timer = setTimeout(() => {
      if (delay > 0 && !idle(since)) return step(at, RETRY_MS);
      collect();
      if (at + 1 < schedule.length) step(at + 1, schedule[at + 1]!);
      else timer = undefined;
    }, delay);
    timer.unref();
  };
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    step(0, schedule[0]!);
  };
}

type EventLoopUtilization = ReturnType<typeof performance.eventLoopUtilization>;

export interface ReleaseOptions {
  /** Default SCHEDULE_MS. */
  schedule?: readonly number[];
  /** Whether the event loop was idle since that reading (default: busy at most IDLE_UTILIZATION of the time). */
  idle?: (since: EventLoopUtilization) => boolean;
  /** Default: a full collection. */
  collect?: () => void;
}

function loopWasIdle(since: EventLoopUtilization): boolean {
  return performance.eventLoopUtilization(since).utilization <= IDLE_UTILIZATION;
}
