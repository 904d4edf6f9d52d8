// Which headers a proxy does not pass on: those of one hop (RFC 9110 §7.6.1: Connection and the
// headers it names, Keep-Alive, Proxy-*, TE, Trailer, Transfer-Encoding, Upgrade), and Host, which
// names the target (undici sets it from the target's origin) and Expect (the proxy's server answers
// a 100-continue itself; undici sends the body without one).
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const REQUEST_ONLY = new Set(['host', 'expect']);

function namedByConnection(raw: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === 'connection') for (const t of (raw[i + 1] as string).split(',')) named.add(t.trim().toLowerCase());
  }
  return named;
}

/** Node's raw header list ([name, value, …], names as sent) without the hop-by-hop ones. */
export function endToEnd(raw: readonly string[], request: boolean): string[] {
  const named = namedByConnection(raw);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (HOP.has(name) || named.has(name) || (request && REQUEST_ONLY.has(name))) continue;
    out.push(raw[i] as string, raw[i + 1] as string);
  }
  return out;
}

/** A raw header list as one record (lower-case names; repeated ones joined), without Content-Length: what a curl line needs. */
export function recordOf(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (name === 'content-length') continue;
    out[name] = out[name] === undefined ? (raw[i + 1] as string) : `${out[name]}, ${raw[i + 1] as string}`;
  }
  return out;
}

/** A raw header list as a record of each header's values in order (lower-case names), Content-Length kept: an answer as received. */
export function answerRecord(raw: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let i = 0; i < raw.length; i += 2) (out[(raw[i] as string).toLowerCase()] ??= []).push(raw[i + 1] as string);
  return out;
}
