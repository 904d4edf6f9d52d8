// An answer's body as the checks read it: its content-coding (RFC 9110 §8.4.1) undone, streaming
// and bounded. A body that decodes past the checking cap is not a violation but an answer too large
// to judge (counted unchecked, as one whose bytes on the wire pass the cap): a 7.5 MB JSON answer
// gzipped to 345 KB, or a compression bomb, is stopped at the cap, never held whole.
import { createBrotliDecompress, createGunzip, createInflate, type BrotliDecompress, type Gunzip, type Inflate } from 'node:zlib';

export type DecodedBody =
  /** The decoded bytes (at most the cap). */
  | { body: Buffer }
  /** Decoded, it passes the cap: not judged. */
  | { over: true }
  /** A coding the proxy does not undo (`gzip, br`, `zstd`): not judged. */
  | { unknown: string }
  /** It does not decode as its Content-Encoding says: what went wrong. */
  | { error: string };

function decoderOf(encoding: string): Gunzip | Inflate | BrotliDecompress | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

export function decodeBody(bytes: Buffer, contentEncoding: string | undefined, cap: number): Promise<DecodedBody> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return Promise.resolve(bytes.length > cap ? { over: true } : { body: bytes });
  const decoder = decoderOf(encoding);
  if (!decoder) return Promise.resolve({ unknown: encoding });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: DecodedBody): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    decoder.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        settle({ over: true });
        decoder.destroy();
      } else chunks.push(chunk);
    });
    decoder.on('end', () => settle({ body: Buffer.concat(chunks) }));
    decoder.on('error', (error) => settle({ error: error.message }));
    decoder.end(bytes);
  });
}
