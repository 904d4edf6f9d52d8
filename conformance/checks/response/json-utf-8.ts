// "All responses are JSON" (trading §1 bullet 2, wallet §1 bullet 2), and JSON exchanged between
// systems is UTF-8 (RFC 8259 §8.1): a Content-Type charset, if any, names UTF-8 (application/json
// defines none; any other one says the bytes are in another encoding), and the bytes as received
// are UTF-8. A client that decodes leniently shows U+FFFD where a byte was not (bodyText does), so
// the bytes are judged, not the text.
import { isUtf8 } from 'node:buffer';
import { defineResponseCheck, seed } from '../check.js';

const CLAUSES = ['trading §1 bullet 2', 'wallet §1 bullet 2'];
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** The charset parameters of the Content-Type lines, as written (quotes removed). */
function charsets(types: readonly string[]): string[] {
  return types.flatMap((t) =>
    t
      .split(';')
      .slice(1)
      .map((p) => p.split('='))
      .filter(([name]) => name?.trim().toLowerCase() === 'charset')
      .map(([, value]) => (value ?? '').trim().replace(/^"(.*)"$/, '$1')),
  );
}

/** Whether a charset label names UTF-8 (the WHATWG Encoding labels: utf-8, utf8, unicode-1-1-utf-8 …). */
function namesUtf8(label: string): boolean {
  if (/^utf-?8$/i.test(label)) return true;
  try {
    return new TextDecoder(label).encoding === 'utf-8';
  } catch {
    return false;
  }
}

/** The offset of the first byte that is not part of a UTF-8 sequence (the lenient decoding's first U+FFFD not written as EF BF BD). */
function firstBadByte(bytes: Uint8Array): number {
  const text = lenient.decode(bytes);
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) {
    const at = Buffer.byteLength(text.slice(0, i));
    if (bytes[at] !== 0xef || bytes[at + 1] !== 0xbf || bytes[at + 2] !== 0xbd) return at;
  }
  return bytes.length;
}

/** Whether the bytes are UTF-8; those of an answer cut off may end inside a character (only what came is judged). */
function utf8(bytes: Uint8Array, cut: boolean): boolean {
  // isUtf8 validates without making a string (doppel proxy judges every answer).
  if (!cut) return isUtf8(bytes);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export const jsonUtf8 = defineResponseCheck({
  id: 'json-utf-8',
  title: 'the body is UTF-8, and a charset, if any, says so',
  assertions: [seed('charset', CLAUSES, 'a Content-Type charset parameter, if any, is UTF-8'), seed('bytes', CLAUSES, 'the body is valid UTF-8')],
  appliesTo: ['trading', 'wallet'],
  applies: () => true,
  run(ex) {
    const problems: { assertion: string; message: string }[] = [];
    // Parsed only when a charset other than a plain utf-8 may be there (doppel proxy judges every answer).
    const type = ex.responseHeaders['content-type'] ?? '';
    const plain = !/charset/i.test(type) || /^[^;,]*;\s*charset=utf-8\s*$/i.test(type);
    const other = plain ? [] : charsets(ex.responseHeaderLines.filter(([n]) => n === 'content-type').map(([, v]) => v)).filter((c) => !namesUtf8(c));
    for (const c of other) problems.push({ assertion: 'charset', message: `Content-Type says charset=${c}: JSON is UTF-8 (RFC 8259 §8.1)` });
    if (!utf8(ex.bodyBytes, ex.cutOff !== undefined)) {
      const at = firstBadByte(ex.bodyBytes);
      problems.push({ assertion: 'bytes', message: `the body is not UTF-8: byte ${at} (0x${(ex.bodyBytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0')}) is not part of a valid UTF-8 sequence` });
    }
    return problems;
  },
});
