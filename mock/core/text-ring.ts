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
  /** Stores texts in this order, as put would one by one; returns their handles. */
  putAll(texts: readonly string[]): number[];
  /** The text of a handle, or undefined once newer texts have overwritten it. */
  get(handle: number): string | undefined;
  /** Whether a handle's text is still there (get would answer it). */
  holds(handle: number): boolean;
  /** Forgets every text. */
  clear(): void;
}

const encoder = new TextEncoder();
// ignoreBOM: a text that begins with U+FEFF (a body sent with a byte-order mark) reads back with it;
// the default decoder drops it, and the journal would show a body other than the one sent.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
/** Bytes before a text: its length (32 bits, little-endian). */
const HEADER = 4;
/** What stands for a header in a joined batch until its length is written over it (one byte per character). */
const HEADER_ROOM = '\0'.repeat(HEADER);

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

  function writeLength(at: number, n: number): void {
    bytes[at] = n & 0xff;
    bytes[at + 1] = (n >>> 8) & 0xff;
    bytes[at + 2] = (n >>> 16) & 0xff;
    bytes[at + 3] = (n >>> 24) & 0xff;
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
      writeLength(at, n);
      const handle = written;
      written += HEADER + n;
      return handle;
    },
    putAll(texts) {
      // Why: a call out of JavaScript per text was most of what keeping a written request's body
      // and answer cost (a CPU profile of spot orders over HTTP: ~1 µs of ~50, put and encodeInto);
      // one call for a batch costs about what one text did. The texts are joined with room for
      // their headers and encoded at once. Only when every character took one byte (ASCII, nearly
      // every JSON text) are the offsets known from the lengths; otherwise each is put as usual,
      // after those bytes.
      let chars = 0;
      for (const text of texts) chars += text.length;
      const most = HEADER * texts.length + chars * 3;
      if (texts.length > 1 && most <= capacity) {
        let at = written % capacity;
        const skipped = at + most > capacity ? capacity - at : 0;
        if (skipped > 0) at = 0;
        ensure(at + most);
        const parts: string[] = [];
        for (const text of texts) parts.push(HEADER_ROOM, text);
        const { read, written: n } = encoder.encodeInto(parts.join(''), bytes.subarray(at, at + most));
        if (read === n) {
          const handles: number[] = [];
          let offset = at;
          for (const text of texts) {
            writeLength(offset, text.length);
            handles.push(written + skipped + (offset - at));
            offset += HEADER + text.length;
          }
          written += skipped + n;
          return handles;
        }
        // Those bytes held older texts: counted as written, so that no handle reads them as its own.
        written += skipped + n;
      }
      return texts.map((text) => this.put(text));
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
