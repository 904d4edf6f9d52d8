// `doppel check --baseline FILE`: an earlier JSON report, read before any request. Only a report of
// this report format is read (REPORT_FORMAT); one of another doppel version of the same format is
// read with a note, since checks added or changed since then may show failures as new.
import type { BaselineFailure } from '../types.js';
import { REPORT_FORMAT, doppelVersion } from './report-format.js';

/** The failures a baseline knows, and where they come from. */
export interface Baseline {
  file: string;
  doppelVersion: string;
  startedAt: string;
  seed: number;
  /** Its failures, and the ones its own baseline had that it did not re-check (they stay known). */
  failures: BaselineFailure[];
  /** Set when another doppel minor (or major) wrote it. */
  note?: string | undefined;
}

export type BaselineErrorCode = 'not_a_report' | 'report_format' | 'malformed_report';

/** Why a file cannot be a baseline; the message is one line naming the file. */
export class BaselineError extends Error {
  constructor(
    readonly code: BaselineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BaselineError';
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown) => typeof v === 'string';

/** What the comparison reads of each failure, and what each field must be. */
const FIELDS: [keyof BaselineFailure, string, (v: unknown) => boolean][] = [
  ['checkId', 'a string', isString],
  ['assertion', 'a string', isString],
  ['iface', '"trading" or "wallet"', (v) => v === 'trading' || v === 'wallet'],
  ['operationId', 'a string or null', (v) => v === null || isString(v)],
  ['title', 'a string', isString],
  ['severity', '"failure" or "observation"', (v) => v === 'failure' || v === 'observation'],
];

function failures(value: unknown, where: string, file: string): BaselineFailure[] {
  const malformed = (what: string) => new BaselineError('malformed_report', `--baseline ${file} is not a doppel check report: ${what}`);
  if (!Array.isArray(value)) throw malformed(`${where} is not a list`);
  return value.map((f: unknown, i) => {
    if (!isObject(f)) throw malformed(`${where}[${i}] is not an object`);
    for (const [field, what, ok] of FIELDS) if (!ok(f[field])) throw malformed(`${where}[${i}].${field} is not ${what}`);
    return Object.fromEntries(FIELDS.map(([field]) => [field, f[field]])) as unknown as BaselineFailure;
  });
}

/** `0.1.3` → `0.1`; undefined when it is not a version. */
const minorOf = (version: string): string | undefined => /^(\d+\.\d+)\.\d+/.exec(version)?.[1];

/** The parsed JSON of `file` as a baseline; throws BaselineError (one line) when it cannot be one. */
export function readBaseline(value: unknown, file: string): Baseline {
  const report = isObject(value) ? value : {};
  const format = report.doppel_check_report;
  const theirs = isString(report.doppelVersion) ? (report.doppelVersion as string) : 'unknown';
  if (format === undefined) {
    throw new BaselineError(
      'not_a_report',
      Array.isArray(report.failures) && Array.isArray(report.checks)
        ? `--baseline ${file} is a doppel check report from before report format ${REPORT_FORMAT} (no "doppel_check_report" field): write a new one with doppel check --json`
        : `--baseline ${file} is not a doppel check report (no "doppel_check_report" field): give a file that doppel check --json wrote`,
    );
  }
  const ours = doppelVersion();
  if (format !== REPORT_FORMAT) {
    throw new BaselineError('report_format', `--baseline ${file} is a doppel check report of format ${JSON.stringify(format)} (doppel ${theirs}); this doppel ${ours} reads format ${REPORT_FORMAT}: write a new baseline with doppel check --json`);
  }
  if (typeof report.seed !== 'number' || !isString(report.startedAt) || theirs === 'unknown') {
    throw new BaselineError('malformed_report', `--baseline ${file} is not a doppel check report: seed, startedAt or doppelVersion is missing`);
  }
  const earlier = isObject(report.baseline) ? failures(report.baseline.notRechecked, 'baseline.notRechecked', file) : [];
  const sameMinor = minorOf(ours) !== undefined && minorOf(theirs) === minorOf(ours);
  return {
    file,
    doppelVersion: theirs,
    startedAt: report.startedAt as string,
    seed: report.seed,
    failures: [...failures(report.failures, 'failures', file), ...earlier],
    note: sameMinor ? undefined : `--baseline ${file} was written by doppel ${theirs}, this is ${ours}: its failures are matched by check, assertion, interface and operation, so a check added or changed since may show a failure as new`,
  };
}
