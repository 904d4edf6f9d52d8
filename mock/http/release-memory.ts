// After a reset, a state import or a dropped namespace, the old state is garbage: hundreds of MB
// after a long run (bench/SOAK.md). V8 collects it only when allocation asks for room, and an idle
// stub allocates little, so its pages stayed resident (RSS 2 s and 20 s after the reset alike).
// Full collections shortly after the drop give them back. The process runs without --expose-gc
// (doppel is started as `doppel mock`, from npx, from a test runner), so the collector is reached
// through a fresh context after setting the flag, once, on first use.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

function fullGc(): (() => void) | null {
  if (collector === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as unknown;
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

/**
 * A function to call after a state was dropped: collections on SCHEDULE_MS (a drop during them
 * starts them over). Each pause is the time to mark what is still live, which after a reset is little.
 */
export function releaseMemorySoon(schedule: readonly number[] = SCHEDULE_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  const step = (at: number): void => {
    timer = setTimeout(() => {
      fullGc()?.();
      if (at + 1 < schedule.length) step(at + 1);
      else timer = undefined;
    }, schedule[at]);
    timer.unref();
  };
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    step(0);
  };
}
