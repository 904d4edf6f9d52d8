// The log levels of `doppel mock --log-level` and the request log lines, credentials masked.
import { maskBody, maskHeaders, maskTarget } from '../core/mask-secrets.js';
import type { AnsweredRequest } from './start-http-server.js';

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * silent: nothing; error: the ready lines and faults of the fake; warn: also requests that node
 * refused (malformed, too slow, aborted); info: also one line per request and the shutdown;
 * debug: each request line also carries its headers and body. Credentials are masked at every
 * level (API-KEY, X-API-Key, Authorization, password, token → ***).
 */
export function logsAt(level: LogLevel, wanted: Exclude<LogLevel, 'silent'>): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(wanted);
}

/** `trading POST /api/v1/spot/order 200 0.4ms`, plus masked headers and body at debug. */
export function requestLine(iface: string, entry: AnsweredRequest, debug: boolean): string {
  const line = `doppel ${iface} ${entry.method} ${maskTarget(entry.target)} ${entry.status} ${entry.durationMs.toFixed(1)}ms`;
  if (!debug) return line;
  const body = entry.body === undefined ? '' : ` body=${JSON.stringify(maskBody(entry.body))}`;
  return `${line} headers=${JSON.stringify(maskHeaders(entry.headers))}${body}`;
}
