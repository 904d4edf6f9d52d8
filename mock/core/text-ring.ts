// createTextRing: texts kept as UTF-8 bytes in one ring buffer, outside the garbage-collected heap.
//
// Why (the request journal's cost): a journal that keeps each answer's text as a string
// keeps 10,000 strings alive for a while and then lets them die in the old generation; the profile
// showed that as garbage-collector time, and for writes the major collections also mark the whole
// fake's state each time. Bytes in one ArrayBuffer are neither scanned nor moved. The newest texts
// overwrite the oldest once the ring is full: the oldest entries lose their text first.

export interface TextRing {
  /** Stores a text; returns its handle (−1 when it is longer than the ring itself). */
  put(text: string): number;
  /** The text of a handle, or undefined once newer texts have overwritten it. */
  get(handle: number): string | undefined;
  /** Whether a handle's text is still there (get would answer it). */
  holds(handle: number): boolean;
  /** Forgets every text. */
  clear(): void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Bytes before a text: its length (32 bits, little-endian). */
const HEADER = 4;

/**
 * A ring of `capacity` bytes; memory grows from a small start as texts arrive (a fake that answers
 * a few requests keeps a few kilobytes). A handle is the text's absolute byte offset: the text is
 * still there while no more than `capacity` bytes were written after it.
 */
export function createTextRing(capacity: number): TextRing {
  let bytes = new Uint8Array(Math.min(capacity, 64 * 1024));
  let written = 0; // absolute offset of the next write
  // Offsets are doubles: exact far beyond any run's volume (2^53 bytes).

  function ensure(end: number): void {
    if (end <= bytes.length) return;
    let size = bytes.length;
    while (size < end) size *= 2;
    const grown = new Uint8Array(Math.min(size, capacity));
    grown.set(bytes);
    bytes = grown;
  }

  return {
    put(text) {
      // At most 3 bytes per UTF-16 unit; the header before it.
      const most = HEADER + text.length * 3;
      if (most > capacity) return -1;
      let at = written % capacity;
      if (at + most > capacity) {
        // No room before the end: the text starts at the ring's start (the tail stays unused).
        written += capacity - at;
        at = 0;
      }
      ensure(at + most);
      const { written: n } = encoder.encodeInto(text, bytes.subarray(at + HEADER, at + most));
      bytes[at] = n & 0xff;
      bytes[at + 1] = (n >>> 8) & 0xff;
      bytes[at + 2] = (n >>> 16) & 0xff;
      bytes[at + 3] = (n >>> 24) & 0xff;
      const handle = written;
      written += HEADER + n;
      return handle;
    },
    holds(handle) {
      // Every byte written at an absolute offset ≥ handle + capacity lands on this text's bytes.
      return handle >= 0 && written <= handle + capacity;
    },
    get(handle) {
      if (!this.holds(handle)) return undefined;
      const at = handle % capacity;
      const n = (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 24);
      return decoder.decode(bytes.subarray(at + HEADER, at + HEADER + n));
    },
    clear() {
      bytes = new Uint8Array(Math.min(capacity, 64 * 1024));
      written = 0;
    },
  };
}
