// The one body-decoding rule shared by both adapters: size limit, JSON content type, JSON parse.

import type { BodyError } from './fake-request.js';

/** 1 MiB: far above any body the seeds describe, low enough that a fake cannot be flooded. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

/** `text`: the body's JSON text as sent, when it was parsed (the journal keeps it as it is). */
export type DecodedBody = { body: unknown; bodyError?: undefined; text?: string } | { body: undefined; bodyError: BodyError; text?: undefined };

/**
 * Decodes a request body, checking in this order:
 * 1. more than limitBytes → payload_too_large; bytes is null when the adapter already stopped
 *    reading because the body (or its Content-Length) exceeded the limit;
 * 2. empty → body undefined, whatever the content type (a GET carries none);
 * 3. media type must be application/json, parameters such as charset allowed (seed trading §4
 *    and seed wallet §4: "POST bodies are JSON with Content-Type: application/json"),
 *    else unsupported_media_type; the rule is the same for every method;
 * 4. bytes must be UTF-8 JSON, else invalid_json; that includes its strings and keys: a `\ud800`
 *    escape (a lone surrogate) is no Unicode text, and would make e.g. two different passwords hash
 *    alike (scrypt sees U+FFFD), so it is invalid_json as well.
 *
 * JSON.parse turns a "__proto__" key into an ordinary own property, which is harmless to read and
 * to copy with spread or structuredClone. Never Object.assign a parsed body onto another object:
 * assignment through the __proto__ setter would replace that object's prototype.
 */
export function decodeBody(bytes: Uint8Array | null, contentType: string | undefined, limitBytes: number): DecodedBody {
  if (bytes === null || bytes.byteLength > limitBytes) return { body: undefined, bodyError: 'payload_too_large' };
  if (bytes.byteLength === 0) return { body: undefined };
  if (!isJsonContentType(contentType)) return { body: undefined, bodyError: 'unsupported_media_type' };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { body: undefined, bodyError: 'invalid_json' };
  }
  try {
    // Only a \u escape can smuggle a lone surrogate past the fatal UTF-8 decoder, so the reviver
    // (which slows parsing) runs only when the text has one.
    return { body: (text.includes('\\u') ? JSON.parse(text, wellFormed) : JSON.parse(text)) as unknown, text };
  } catch {
    return { body: undefined, bodyError: 'invalid_json' };
  }
}

// One decoder for every body: constructing one per request cost more than decoding a small body
// (a CPU profile showed it); decode() without { stream: true } starts afresh each call.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function wellFormed(key: string, value: unknown): unknown {
  if (!key.isWellFormed() || (typeof value === 'string' && !value.isWellFormed())) throw new SyntaxError('lone surrogate');
  return value;
}

/** "application/json" with any parameters, case-insensitive. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(';', 1)[0] ?? '';
  return mediaType.trim().toLowerCase() === 'application/json';
}

/** True when a Content-Length header already announces more than the limit, so reading can be skipped. */
export function declaredLengthExceeds(contentLength: string | null | undefined, limitBytes: number): boolean {
  if (contentLength === undefined || contentLength === null || !/^\d+$/.test(contentLength)) return false;
  return Number(contentLength) > limitBytes;
}
