// The request journal over HTTP (after WireMock's /__admin/requests): GET lists entries
// newest first, GET …/verify counts them and returns the newest, DELETE clears. Filters are query
// parameters: the request pattern (method, path, operationId, namespace, interface) plus status
// (`429` or `4xx`), since (wall time, epoch ms or ISO date) and limit. With an X-Doppel-Namespace
// header and no `namespace` parameter, only that namespace's requests are seen.
import type { AdminRoute, FakeRequest } from '../core/index.js';
import { NAMESPACE_HEADER } from '../core/namespace-header.js';
import type { JournalFilter, RequestJournal } from '../core/request-journal.js';
import { readPattern } from '../core/request-pattern.js';
import { domainError } from '../domain/domain-error.js';

export interface JournalTarget {
  journal: RequestJournal | null;
  size: number;
}

const FILTER_FIELDS = new Set(['method', 'path', 'operationId', 'namespace', 'interface', 'status', 'since', 'limit']);

export function journalRoutes(target: JournalTarget): AdminRoute[] {
  const journal = (): RequestJournal => {
    if (target.journal === null) throw domainError.not_found('the request journal is off (doppel mock --journal-size 0)');
    return target.journal;
  };
  return [
    { method: 'GET', path: '/__doppel/requests', operationId: 'adminListRequests', handle: ({ req }) => ({ requests: journal().find(readFilter(req, target.size)) }) },
    { method: 'GET', path: '/__doppel/requests/verify', operationId: 'adminVerifyRequests', handle: ({ req }) => journal().verify(readFilter(req, target.size)) },
    { method: 'DELETE', path: '/__doppel/requests', operationId: 'adminClearRequests', handle: ({ req }) => ({ removed: journal().clear(readFilter(req, target.size, false)) }) },
  ];
}

/** The filter of a journal request, from its query; a bad value is a 400 naming it. */
export function readFilter(req: FakeRequest, size: number, withLimit = true): JournalFilter {
  const input: Record<string, string> = {};
  const errors: string[] = [];
  for (const [name, value] of req.query) {
    if (!FILTER_FIELDS.has(name) || (!withLimit && name === 'limit')) errors.push(`unknown filter ${name}`);
    else input[name] ??= value;
  }
  const filter: JournalFilter = readPattern(input, errors);
  const header = req.headers[NAMESPACE_HEADER];
  if (filter.namespace === undefined && header !== undefined) filter.namespace = header;
  const { status, since, limit } = input;
  if (status !== undefined) {
    if (/^[1-5](\d\d|xx)$/i.test(status) || status === '0') filter.status = status;
    else errors.push('status must be a status (429), a class (4xx), or 0 (no answer)');
  }
  if (since !== undefined) {
    if (Number.isNaN(/^\d+$/.test(since) ? Number(since) : Date.parse(since))) errors.push('since must be epoch milliseconds or an ISO date');
    else filter.since = since;
  }
  if (limit !== undefined) {
    const n = Number(limit);
    if (/^\d+$/.test(limit) && n >= 1 && n <= size) filter.limit = n;
    else errors.push(`limit must be an integer from 1 to ${size}`);
  }
  if (errors.length > 0) throw domainError.invalid_request(errors.join('; '));
  return filter;
}
