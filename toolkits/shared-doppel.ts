// A namespace of a shared `doppel mock` (README "Namespaces"): every request this handle sends
// carries X-Doppel-Namespace, so test workers sharing one server never see each other's state,
// clock, journal entries or fault rules. Everything goes through the admin API over HTTP.
import type { FetchLike, JournalEntry, JournalFilter } from '../mock/index.js';
import { durationMs } from './duration.js';
import { clientRequests, type SharedDoppel } from './doppel-handle.js';

export interface SharedDoppelOptions {
  /** Base URLs of the running doppel mock's two interfaces. */
  urls: { trading: string; wallet: string };
  /** 1 to 64 letters, digits, `.`, `_`, `-`. */
  namespace: string;
  /** The mock's --admin-token, if it has one. */
  adminToken?: string;
}

interface AdminAnswer {
  success: boolean;
  data?: any;
  error?: string;
}

export function sharedDoppel(options: SharedDoppelOptions): SharedDoppel {
  const { urls, namespace } = options;
  const headers = { 'X-Doppel-Namespace': namespace };
  const adminHeaders: Record<string, string> = { ...headers, 'content-type': 'application/json', ...(options.adminToken ? { authorization: `Bearer ${options.adminToken}` } : {}) };

  async function admin(method: string, path: string, body?: unknown): Promise<any> {
    const url = `${urls.trading}${path}`;
    let res: Response;
    try {
      res = await fetch(url, { method, headers: adminHeaders, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new Error(`doppel: no doppel mock answers at ${urls.trading} (${reason}); is it running?`);
    }
    const answer = (await res.json().catch(() => ({ success: false, error: `a ${res.headers.get('content-type')} answer` }))) as AdminAnswer;
    if (res.status === 409) throw new Error(`doppel: the doppel mock refused namespace ${namespace} (409): ${answer.error}`);
    if (!res.ok || !answer.success) throw new Error(`doppel: ${method} ${path} in namespace ${namespace} answered ${res.status}: ${answer.error}`);
    return answer.data;
  }

  /** The journal's entries that match: /verify counts them, so the list's limit is never above the journal's size. */
  async function journal(filter: JournalFilter): Promise<JournalEntry[]> {
    if (filter.key !== undefined) throw new Error('doppel: the journal over HTTP cannot pick requests by key (keys are masked there); pick them by operationId, method or path');
    const query = new URLSearchParams(Object.entries(filter).map(([name, value]): [string, string] => [name, String(value)]));
    const { count } = (await admin('GET', `/__doppel/requests/verify?${query}`)) as { count: number };
    if (count === 0) return [];
    query.set('limit', String(count));
    return ((await admin('GET', `/__doppel/requests?${query}`)) as { requests: JournalEntry[] }).requests;
  }

  const fetchIn: FetchLike = (input, init) => {
    const merged = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, name) => merged.set(name, value));
    merged.set('X-Doppel-Namespace', namespace);
    return fetch(input, { ...init, headers: merged });
  };

  return {
    mode: 'shared',
    namespace,
    urls,
    headers,
    fetch: fetchIn,
    clock: {
      now: async () => ((await admin('GET', '/__doppel/clock')) as { epoch_ms: number }).epoch_ms,
      advance: async (by) => {
        const ms = durationMs(by);
        if (ms % 1000 !== 0) throw new RangeError(`doppel: a shared doppel mock's clock moves in whole seconds (POST /__doppel/clock), not ${ms} ms`);
        return ((await admin('POST', '/__doppel/clock', { advance_seconds: ms / 1000 })) as { epoch_ms: number }).epoch_ms;
      },
    },
    faults: {
      add: (rule) => admin('POST', '/__doppel/faults', rule),
      clear: async () => ((await admin('DELETE', '/__doppel/faults')) as { removed: number }).removed,
    },
    // One call: the namespace's state, clock, journal entries and fault rules (docs/reference/admin-api.md).
    async reset() {
      await admin('POST', '/__doppel/reset');
    },
    requests: async ({ limit, ...filter } = {}) => clientRequests(await journal({ ...filter, namespace }), limit),
    async drop() {
      await admin('DELETE', `/__doppel/namespaces/${namespace}`);
    },
  };
}
