// After a reset, a state import or a dropped namespace, the old state is garbage: hundreds of MB
// after a long run (bench/SOAK.md). V8 collects it only when allocation asks for room, and an idle
// stub allocates little, so its pages stayed resident (RSS 2 s and 20 s after the reset alike).
// A full collection shortly after the drop gives them back. The process runs without
// --expose-gc (doppel is started as `doppel mock`, from npx, from a test runner), so the collector
// is reached through a fresh context after setting the flag, once, on first use.
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
 * A function to call after a state was dropped: a full GC `delayMs` later (several drops in a row
 * make one), when the answer to the reset is out, and another a few seconds later: the first
 * leaves part of a large old heap resident (a 2-minute soak: 239 MiB after it, 99 MiB after a
 * second one). Each pause is the time to mark what is still live, which after a reset is little.
 */
export function releaseMemorySoon(delayMs = 200, againMs = 3_000): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      fullGc()?.();
      timer = setTimeout(() => {
        timer = undefined;
        fullGc()?.();
      }, againMs);
      timer.unref();
    }, delayMs);
    timer.unref();
  };
}
