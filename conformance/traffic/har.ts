// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) for doppel's traffic: an exchange as a
// HAR entry (doppel proxy --har writes them, masked) and a HAR file back into exchanges, in the
// order they ended (doppel check --from-har judges them). Each entry carries `_iface`, the
// interface it went to; a HAR made by another tool (a browser's, mitmproxy's) is read too, the
// interface then told by the path (GET /api/v1/prices is both: by the origin's other requests, or
// --trading-url / --wallet-url). An answer's body is kept as its bytes came: text when they are
// UTF-8 (a byte-order mark kept), base64 (HAR 1.2 `encoding`) when they are not, so that reading
// the file back gives the checks the same bytes; `bodySize` is the bytes on the wire.
import { interfacesAt } from '../../spec/index.js';
import { recordExchange } from '../exchange/exchange.js';
import type { Exchange, InterfaceName } from '../types.js';

const HAR_CREATOR = 'doppel';

type NameValue = { name: string; value: string };

export interface HarEntry {
  startedDateTime: string;
  /** Milliseconds from the request's start to the answer's end. */
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    content: { size: number; mimeType: string; text?: string; encoding?: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** doppel's: the interface the request went to. */
  _iface?: InterfaceName;
  /** doppel's: the start in epoch milliseconds to the fraction (startedDateTime keeps whole ones), so that overlaps read back as they were. */
  _startedAt?: number;
  /** doppel's: what was not judged (a body over the cap, a target out of reach) and why a body is short. */
  _doppel?: { unchecked?: number; unreachable?: string; targetFault?: string; abandoned?: string; cutOff?: string; overrun?: string };
}

export interface Har {
  log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[] };
}

export class HarError extends Error {
  override readonly name = 'HarError';
  readonly code = 'invalid_har';
}

/** What an entry adds to the exchange: when the answer's headers came, and what was not judged. */
export interface EntryExtras {
  headersAt?: number | undefined;
  unchecked?: number | undefined;
  unreachable?: string | undefined;
  /** The target took the request and gave no readable answer (the proxy answered 502 or 504 itself). */
  targetFault?: string | undefined;
  /** The client went away before its answer ended: the target took the request (it is in its journal), nothing is judged. */
  abandoned?: string | undefined;
}

/**
 * The exchange as a HAR entry; `mask` is applied to every text that may hold a secret (URL, header
 * values with their header's name, bodies). Each Set-Cookie line is a header entry of its own, and
 * the cookies are listed (HAR `cookies`) as the masked headers show them.
 */
export function harEntryOf(ex: Exchange, mask: (text: string, header?: string) => string, extras: EntryExtras = {}): HarEntry {
  const time = ex.endedAt - ex.startedAt;
  const wait = Math.max(0, Math.min(time, (extras.headersAt ?? ex.endedAt) - ex.startedAt));
  const url = new URL(mask(ex.url));
  const requestHeaders = Object.entries(ex.requestHeaders).map(([name, value]) => ({ name, value: mask(value, name) }));
  // Line by line as received: a repeated header reads back repeated.
  const responseHeaders = ex.responseHeaderLines.map(([name, value]) => ({ name, value: mask(value, name) }));
  const responseType = ex.responseHeaders['content-type'] ?? '';
  const facts = { unchecked: extras.unchecked, unreachable: extras.unreachable, targetFault: extras.targetFault, abandoned: extras.abandoned, cutOff: ex.cutOff, overrun: ex.overrun };
  const doppel = Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined));
  return {
    startedDateTime: new Date(Math.floor(ex.startedAt)).toISOString(),
    time,
    request: {
      method: ex.method,
      url: url.toString(),
      httpVersion: 'HTTP/1.1',
      cookies: requestHeaders.filter((h) => h.name.toLowerCase() === 'cookie').flatMap((h) => cookiePairs(h.value)),
      headers: requestHeaders,
      queryString: [...url.searchParams.entries()].map(([name, value]) => ({ name, value })),
      ...(ex.requestBody !== undefined ? { postData: { mimeType: ex.requestHeaders['content-type'] ?? '', text: mask(ex.requestBody) } } : {}),
      headersSize: -1,
      bodySize: ex.requestBody === undefined ? 0 : Buffer.byteLength(ex.requestBody),
    },
    response: {
      status: ex.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: responseHeaders.filter((h) => h.name.toLowerCase() === 'set-cookie').flatMap((h) => cookiePairs(h.value).slice(0, 1)),
      headers: responseHeaders,
      content: {
        size: extras.unchecked ?? ex.bodyBytes.length,
        mimeType: responseType,
        ...(extras.unchecked === undefined ? harContent(ex.bodyBytes, mask) : { comment: `not kept: ${extras.unchecked} bytes, over the checking cap` }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: extras.unchecked ?? ex.receivedBytes ?? -1,
    },
    cache: {},
    timings: { send: 0, wait, receive: time - wait },
    _iface: ex.iface,
    _startedAt: ex.startedAt,
    ...(Object.keys(doppel).length ? { _doppel: doppel } : {}),
  };
}

/** A Cookie header's pairs, or a Set-Cookie line's (its cookie first, then its attributes). */
const cookiePairs = (header: string): NameValue[] =>
  header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A body as HAR content, masked: its text when the bytes are UTF-8 (a byte-order mark kept as
 * U+FEFF), else base64 of the bytes, masked byte for byte (a secret is ASCII: the bytes read as
 * Latin-1, one character a byte, are masked and written back).
 */
function harContent(bytes: Uint8Array, mask: (text: string) => string): { text: string; encoding?: string } {
  try {
    return { text: mask(utf8.decode(bytes)) };
  } catch {
    return { text: Buffer.from(mask(Buffer.from(bytes).toString('latin1')), 'latin1').toString('base64'), encoding: 'base64' };
  }
}

/** The opening of a HAR file whose entries follow, one by one, and its end (a proxy writes as it goes). */
export function harHead(version: string): string {
  return `{"log":{"version":"1.2","creator":{"name":"${HAR_CREATOR}","version":${JSON.stringify(version)}},"entries":[\n`;
}
export const HAR_TAIL = '\n]}}\n';

/**
 * A HAR file's text as a document. A doppel proxy's HAR that was cut off (the proxy killed before
 * it could close the file) is read up to its last whole entry: its entries are one a line after
 * harHead. `cut` says what was left unread; any other text that is not JSON throws SyntaxError.
 */
export function readHarText(text: string): { doc: unknown; cut?: string | undefined } {
  try {
    return { doc: JSON.parse(text) as unknown };
  } catch (error) {
    const head = /^\{"log":\{"version":"1\.2","creator":\{"name":"doppel","version":"[^"\n]*"\},"entries":\[\n/.exec(text);
    if (!head) throw error;
    const entries: unknown[] = [];
    const lines = text.slice(head[0].length).split('\n');
    let read = head[0].length;
    for (const line of lines) {
      const body = line.endsWith(',') ? line.slice(0, -1) : line;
      if (body.startsWith(']')) break;
      try {
        entries.push(JSON.parse(body));
      } catch {
        break;
      }
      read += line.length + 1;
    }
    const doc = JSON.parse(`${head[0]}]}}`) as Har;
    doc.log.entries = entries as HarEntry[];
    return { doc, cut: `the file ends without closing its document (the proxy did not stop cleanly): ${entries.length} whole entries read, the ${Math.max(0, text.length - read)} characters after them not` };
  }
}

/**
 * An entry of the k-th of several files with its masked secrets renamed for that file
 * (`$DOPPEL_TRADING_KEY` → `$DOPPEL_HAR2_TRADING_KEY`): each proxy names the keys it sees in the
 * order it sees them, so the same name in two files is two keys. A balancer that spreads by key
 * sends each key through one proxy (deploy/nginx/doppel-proxy.conf), so a key is in one file.
 */
function ofFile(entry: HarEntry, k: number): HarEntry {
  const text = JSON.stringify(entry);
  return text.includes('$DOPPEL_') ? (JSON.parse(text.replace(/\$DOPPEL_(?=[A-Z0-9_])/g, `$DOPPEL_HAR${k}_`)) as HarEntry) : entry;
}

/** What a HAR file holds, as doppel reads it. */
export interface Recording {
  /** The exchanges to judge, in the order they ended. */
  exchanges: Exchange[];
  /** Entries recorded without their body (over the cap): counted, not judged. */
  unchecked: { iface: InterfaceName; operationId: string | null; status: number; bytes: number; url: string }[];
  /** Entries the proxy answered itself because the target was out of reach. */
  unreachable: string[];
  /** Entries the proxy answered itself because the target took the request and gave no readable answer: its failures. */
  targetFaults: string[];
  /** Entries whose client went away before the answer ended: counted, not judged. */
  abandoned: number;
  /** The target of each interface met (its origin). */
  targets: Partial<Record<InterfaceName, string>>;
}

/** Each header's values in order (a repeated header is a case of its own: exchange.ts joins them where a check wants one line). */
const headersOf = (list: unknown): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const h of Array.isArray(list) ? (list as NameValue[]) : []) if (typeof h?.name === 'string') (out[h.name] ??= []).push(String(h.value));
  return out;
};

/**
 * The exchanges of a HAR document, or of several as one stream (the HARs of several proxies behind
 * one balancer): their entries in the order they ended, ties in the order of the documents, then of
 * their entries. `origins` names the interface of an origin where the entries do not (a HAR of
 * another tool); otherwise an origin's interface is what its other paths tell.
 */
export function readHar(doc: unknown, origins: Partial<Record<InterfaceName, string>> = {}): Recording {
  const docs: unknown[] = Array.isArray(doc) ? doc : [doc];
  const listed = docs.flatMap((d, k) => {
    const entries = (d as Har | undefined)?.log?.entries;
    if (!Array.isArray(entries)) throw new HarError(`${docs.length > 1 ? `file ${k + 1}: ` : ''}not a HAR file: no log.entries`);
    // doppel writes bodySize as the bytes that came on the wire; other tools mean other things by it
    // (0 for an answer from a cache, the compressed size, -1), so only doppel's is compared with Content-Length.
    const ownSizes = (d as Har).log.creator?.name === HAR_CREATOR;
    return entries.map((e: HarEntry, j) => ({ e: docs.length > 1 ? ofFile(e, k + 1) : e, ownSizes, where: `${docs.length > 1 ? `file ${k + 1}, ` : ''}entry ${j + 1}` }));
  });
  const byOrigin = new Map<string, InterfaceName>();
  for (const [iface, url] of Object.entries(origins) as [InterfaceName, string][]) byOrigin.set(new URL(url).origin, iface);
  const parsed = listed.map(({ e, ownSizes, where }, i) => {
    let url: URL;
    try {
      url = new URL(e.request.url);
    } catch {
      throw new HarError(`${where}: request.url is not a URL`);
    }
    if (typeof e.response?.status !== 'number') throw new HarError(`${where}: response.status is missing`);
    const started = typeof e._startedAt === 'number' ? e._startedAt : Date.parse(e.startedDateTime);
    if (Number.isNaN(started)) throw new HarError(`${where}: startedDateTime is not a date`);
    const candidates = e._iface ? [e._iface] : interfacesAt(e.request.method, url.pathname);
    if (candidates.length === 1 && !byOrigin.has(url.origin)) byOrigin.set(url.origin, candidates[0] as InterfaceName);
    return { e, i, url, started, candidates, ownSizes, where };
  });
  const out: Recording = { exchanges: [], unchecked: [], unreachable: [], targetFaults: [], abandoned: 0, targets: {} };
  const sorted = parsed.map((p) => ({ ...p, ended: p.started + (Number(p.e.time) || 0) })).sort((a, b) => a.ended - b.ended || a.i - b.i);
  for (const { e, url, started, ended, candidates, ownSizes, where } of sorted) {
    const iface = candidates.length === 1 ? (candidates[0] as InterfaceName) : byOrigin.get(url.origin);
    if (!iface) {
      if (candidates.length === 0) continue; // not a request to either interface (a page, an asset)
      throw new HarError(`${where}: ${e.request.method} ${url.pathname} is an operation of both interfaces and ${url.origin} made no other request that tells which; give --trading-url or --wallet-url`);
    }
    out.targets[iface] ??= url.origin;
    if (e._doppel?.unreachable !== undefined) {
      out.unreachable.push(`${e.request.method} ${url.pathname}: ${e._doppel.unreachable}`);
      continue;
    }
    if (e._doppel?.abandoned !== undefined) {
      out.abandoned++;
      continue;
    }
    if (e._doppel?.targetFault !== undefined) {
      out.targetFaults.push(`${e.request.method} ${url.pathname}: ${e._doppel.targetFault}`);
      continue;
    }
    const content = e.response.content ?? { size: 0, mimeType: '' };
    const ex = recordExchange({
      seq: out.exchanges.length + 1,
      iface,
      method: e.request.method,
      url: url.toString(),
      requestHeaders: headersOf(e.request.headers),
      requestBody: e.request.postData?.text,
      status: e.response.status,
      responseHeaders: headersOf(e.response.headers),
      body: content.encoding === 'base64' ? Buffer.from(content.text ?? '', 'base64') : (content.text ?? ''),
      receivedBytes: ownSizes && typeof e.response.bodySize === 'number' && e.response.bodySize >= 0 ? e.response.bodySize : null,
      startedAt: started,
      endedAt: ended,
      cutOff: e._doppel?.cutOff,
      overrun: e._doppel?.overrun,
    });
    if (e._doppel?.unchecked !== undefined || (content.text === undefined && content.size > 0)) {
      out.unchecked.push({ iface, operationId: ex.operationId, status: ex.status, bytes: e._doppel?.unchecked ?? content.size, url: ex.url });
      continue;
    }
    out.exchanges.push(ex);
  }
  return out;
}
