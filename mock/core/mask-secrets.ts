// Masking of credentials before anything about a request is written to a log or shown by the
// journal (the rule: no password or key appears unmasked in logs). Which names hold credentials is
// one rule for all of doppel: spec/secret-name.ts.

import { isSecretName } from '../../spec/secret-name.js';

export const MASK = '***';

/** A copy of the headers with credential values replaced by `***`. */
export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = isSecretName(name) ? MASK : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Query parameters as a record, the values of credential-named ones masked. */
export function maskQuery(query: URLSearchParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (query === undefined) return out;
  for (const [name, value] of query) out[name] = isSecretName(name) ? MASK : value;
  return out;
}

/** A request target (path and query) with the values of credential-named query parameters masked. */
export function maskTarget(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target;
  const parts = target
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // malformed escapes: judge the raw name
      }
      return eq !== -1 && isSecretName(name) ? `${rawName}=${MASK}` : pair;
    });
  return `${target.slice(0, q)}?${parts.join('&')}`;
}

const MAX_DEPTH = 6;
const MAX_ITEMS = 20;
const MAX_STRING = 200;

/**
 * A JSON-safe, bounded copy of a parsed body for a log line: credential-named fields become `***`,
 * deep or long structures are cut (a fuzzer's 100k nested arrays must not cost a log line more
 * than a few hundred bytes), long strings are shortened.
 */
export function maskBody(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…(${value.length} chars)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => maskBody(item, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…(${value.length} items)`);
    return items;
  }
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const [name, field] of Object.entries(value)) {
    if (count++ === MAX_ITEMS) {
      out['…'] = `(${Object.keys(value).length} fields)`;
      break;
    }
    // defineProperty: a "__proto__" field stays a field of the copy, never its prototype.
    Object.defineProperty(out, name, {
      value: isSecretName(name) ? MASK : maskBody(field, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
