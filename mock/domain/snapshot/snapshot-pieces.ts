// A snapshot read out in pieces (GET /__doppel/state, the state file): a tree of plain values in
// which the long collections are RecordRuns, read a piece at a time by snapshotChunks; between two
// pieces the caller lets other requests run. The records are those of the export's cut
// (mock/domain/export-cut.ts), so the text is the state of one instant. materialize() reads a
// tree whole (exportState()).
import type { ExportCut } from '../export-cut.js';

/**
 * How many records (plus history lines of a wallet) a piece holds: ~0.2 ms to 1 ms of encoding, and
 * ~75 KB of text for orders. Pieces of 500 (~250 KB each) left memory behind: after a 150-s soak,
 * three timed exports (237 MB each) and a reset, the process kept 38 MiB of native memory (RSS 110
 * MiB) against 21 MiB (93 MiB) with 150, and the exports took as long (bench/soak.ts). Each piece
 * is one string and one socket write; at ~75 KB both stay under the ~128 KB past which V8 and the
 * C allocator place a block apart from the small ones (how the larger pieces left memory behind
 * was not traced further).
 */
const PIECE_WEIGHT = 150;

/** A collection of records whose snapshot forms are made a piece at a time. */
export class RecordRun<T> {
  constructor(
    /** How many records the run has (known at the cut: an empty run is written as `[]`). */
    readonly count: number,
    readonly pieces: () => Generator<T[], void, undefined>,
  ) {}
}

/** A snapshot shape with some of its arrays as RecordRuns. */
export type Pieced<T> = { [K in keyof T]: T[K] extends (infer R)[] ? R[] | RecordRun<R> : T[K] extends object ? Pieced<T[K]> : T[K] };

/** A tree and the end of its cut (release: pre-images are no longer kept). */
export interface SnapshotCut<T> {
  tree: Pieced<T>;
  release(): void;
}

/**
 * The records of a collection that only grows, in order, up to `count` (what existed at the cut),
 * each in its kept pre-image if it changed since the cut, else encoded now.
 */
export function* runOf<R, S>(records: Iterable<R>, count: number, encode: (record: R) => S, kept: Map<object, unknown>, weight?: (record: R) => number): Generator<S[], void, undefined> {
  let piece: S[] = [];
  let load = 0;
  let n = 0;
  for (const record of records) {
    if (n++ >= count) break;
    const before = kept.get(record as object) as S | undefined;
    if (before !== undefined) kept.delete(record as object);
    piece.push(before ?? encode(record));
    load += weight === undefined ? 1 : weight(record);
    if (load >= PIECE_WEIGHT) {
      yield piece;
      piece = [];
      load = 0;
    }
  }
  if (piece.length > 0) yield piece;
}

/** The tree as plain values, every run read whole. */
function materialize<T>(tree: Pieced<T>): T {
  return plain(tree) as T;
}

/** A cut over `tree`, registered in `cuts`; its release unregisters it and drops the kept pre-images. */
export function openCut<T>(tree: Pieced<T>, cuts: ExportCut[], cut: ExportCut, kept: Map<object, unknown>): SnapshotCut<T> {
  return {
    tree,
    release() {
      const at = cuts.indexOf(cut);
      if (at !== -1) cuts.splice(at, 1);
      kept.clear();
    },
  };
}

/** A cut read whole at once, then released: the snapshot of this instant as plain values. */
export function materializeCut<T>(cut: SnapshotCut<T>): T {
  try {
    return materialize(cut.tree);
  } finally {
    cut.release();
  }
}

function plain(value: unknown): unknown {
  if (value instanceof RecordRun) {
    const out: unknown[] = [];
    for (const piece of value.pieces()) for (const record of piece) out.push(record);
    return out;
  }
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = plain(v);
  return out;
}

/**
 * The tree's JSON text in chunks, one per piece of a run (the text between runs goes with the
 * next chunk). 'compact' is exactly JSON.stringify of the materialized tree; 'lines' lays objects
 * out with their keys and writes each record of an array of records compactly on its own line
 * (the state file's layout, readable and diffable). Keys whose value is undefined are left out,
 * as JSON.stringify does.
 */
export function* snapshotChunks(tree: unknown, layout: 'compact' | 'lines', prefix = '', suffix = ''): Generator<string, void, undefined> {
  let pending = prefix;
  const lines = layout === 'lines';
  function* walk(value: unknown, indent: string): Generator<string, void, undefined> {
    if (value instanceof RecordRun) {
      if (value.count === 0) {
        pending += '[]';
        return;
      }
      const inner = `${indent}  `;
      const open = lines ? `[\n${inner}` : '[';
      const between = lines ? `,\n${inner}` : ',';
      let first = true;
      for (const piece of (value as RecordRun<unknown>).pieces()) {
        let text = '';
        for (const record of piece) {
          text += (first ? open : between) + JSON.stringify(record);
          first = false;
        }
        const chunk = pending + text;
        pending = '';
        yield chunk;
      }
      pending += first ? '[]' : lines ? `\n${indent}]` : ']';
      return;
    }
    if (typeof value !== 'object' || value === null) {
      pending += JSON.stringify(value);
      return;
    }
    if (Array.isArray(value)) {
      pending += lines ? arrayLines(value, indent) : JSON.stringify(value);
      return;
    }
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) {
      pending += '{}';
      return;
    }
    const inner = `${indent}  `;
    pending += lines ? '{\n' : '{';
    for (let i = 0; i < entries.length; i++) {
      const [key, v] = entries[i] as [string, unknown];
      pending += (i === 0 ? '' : lines ? ',\n' : ',') + (lines ? `${inner}${JSON.stringify(key)}: ` : `${JSON.stringify(key)}:`);
      yield* walk(v, inner);
    }
    pending += lines ? `\n${indent}}` : '}';
  }
  yield* walk(tree, '');
  yield pending + suffix;
}

/** An array in the 'lines' layout: records one per line, any other array compact. */
function arrayLines(value: unknown[], indent: string): string {
  if (value.length === 0) return '[]';
  if (!value.every((v) => typeof v === 'object' && v !== null)) return JSON.stringify(value);
  const inner = `${indent}  `;
  return `[\n${value.map((v) => inner + JSON.stringify(v)).join(',\n')}\n${indent}]`;
}

/**
 * Chunks whose cut is released when they end, are abandoned (return(): a client gone, a HEAD) or,
 * never read to the end, are garbage-collected: an in-process caller that drops a streamed answer
 * must not leave the state keeping pre-images forever.
 */
export function releasing(chunks: Iterator<string, void, undefined>, release: () => void): IterableIterator<string> {
  let released = false;
  const once = (): void => {
    if (released) return;
    released = true;
    release();
  };
  const token = {};
  const done = (): IteratorResult<string> => {
    abandoned?.unregister(token);
    once();
    return { done: true, value: undefined };
  };
  const iterator: IterableIterator<string> = {
    next() {
      if (released) return { done: true, value: undefined };
      let step: IteratorResult<string, void>;
      try {
        step = chunks.next();
      } catch (error) {
        done();
        throw error;
      }
      return step.done === true ? done() : step;
    },
    return() {
      if (!released) chunks.return?.();
      return done();
    },
    [Symbol.iterator]() {
      return iterator;
    },
  };
  abandoned?.register(iterator, once, token);
  return iterator;
}

const abandoned = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<() => void>((release) => release()) : undefined;
