// turnClock: wall time read once per turn of the event loop rather than per request. Reading the
// clock cost 130 to 160 ns a call on this project's (virtual) machines, a quarter of a kept read's
// whole cost in process; under load a turn serves many requests, and the journal's wall times
// (GET /__doppel/requests?since=…) need no finer grain than a turn. Node's setImmediate runs after
// the turn's I/O; elsewhere (a browser's worker) there is none and every call reads the clock.
// At most MAX_SHARED calls share a reading, so that a test runner's fake timers, which hold
// setImmediate back, make the times coarser but never stuck.
// Portable: web globals, and setImmediate only where it exists.

const MAX_SHARED = 64;

export function createTurnClock(read: () => number = Date.now): () => number {
  const immediate = typeof setImmediate === 'function' ? setImmediate : undefined;
  if (immediate === undefined) return read;
  let value = 0;
  let shared = 0;
  const expire = (): void => {
    shared = 0;
  };
  return () => {
    if (shared === 0) {
      value = read();
      immediate(expire);
    }
    if (++shared >= MAX_SHARED) shared = 0;
    return value;
  };
}
