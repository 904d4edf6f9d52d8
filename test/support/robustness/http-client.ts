// A checking HTTP client for the robustness runs: undici pools to both interfaces, and every
// answer checked against the documents (spec/): JSON content type, the documented schema of the
// operation and status, or the error envelope; never a 5xx.
import { Pool } from 'undici';
import { operations, validateResponse, validatorAt, type InterfaceName } from '../../../spec/index.js';

export interface Answer {
  status: number;
  body: any;
}

export interface CheckedClientOptions {
  tradingUrl: string;
  walletUrl: string;
  connections: number;
  /** Sent as Authorization: Bearer … on /__doppel/ paths. */
  adminToken?: string;
  /**
   * Default true: every answer against the documents. false: only 5xx and missing answers count,
   * so that a soak's clients spend little CPU and its latencies are mostly the server's.
   */
  checkAnswers?: boolean;
  /** Sent with every request (e.g. X-Doppel-Namespace). */
  headers?: Record<string, string>;
  /**
   * Fault rules are active: an answer with code `injected_fault` and a connection the
   * fake dropped are counted in `injected`, not as problems (faulted answers are outside the
   * contract by design); the journal tells how many there must be.
   */
  faultsInjected?: boolean;
}

interface Template {
  operationId: string;
  method: string;
  pattern: RegExp;
  statuses: string[];
}

const templates = new Map<InterfaceName, Template[]>();
function templatesOf(iface: InterfaceName): Template[] {
  let list = templates.get(iface);
  if (list === undefined) {
    list = operations(iface).map((op) => ({
      operationId: op.operationId,
      method: op.method,
      pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
      statuses: op.statuses.map(String),
    }));
    templates.set(iface, list);
  }
  return list;
}

/** The documented operation a request names, if any (admin paths and unknown paths: none). */
export function operationOf(iface: InterfaceName, method: string, path: string): Template | undefined {
  return templatesOf(iface).find((t) => t.method === method.toUpperCase() && t.pattern.test(path));
}

/**
 * Problems with one answer, [] when it is fine: a 5xx; a content type other than JSON; a body
 * that is not JSON; for a documented operation and status, a body off its schema; otherwise the
 * success flag (2xx) or the error envelope {success: false, error, code} (4xx).
 */
export function answerProblems(iface: InterfaceName, method: string, target: string, status: number, contentType: string | undefined, text: string): string[] {
  const where = `${iface} ${method} ${target.length > 120 ? `${target.slice(0, 120)}…` : target} → ${status}`;
  const problems: string[] = [];
  if (status >= 500) problems.push(`${where}: a 5xx (${text.slice(0, 200)})`);
  if (!/^application\/json\b/i.test(contentType ?? '')) problems.push(`${where}: content-type ${contentType ?? '(none)'}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push(`${where}: body is not JSON: ${text.slice(0, 200)}`);
    return problems;
  }
  const q = target.indexOf('?');
  const op = operationOf(iface, method, q === -1 ? target : target.slice(0, q));
  if (op !== undefined && op.statuses.includes(String(status))) {
    const check = validateResponse(iface, op.operationId, status, body);
    if (!check.ok) problems.push(`${where}: off the documented schema: ${check.errors.join('; ')}`);
  } else if (status >= 400) {
    if (!validatorAt(iface, '#/components/schemas/Error')(body) || typeof (body as { code?: unknown }).code !== 'string') {
      problems.push(`${where}: not the error envelope: ${text.slice(0, 200)}`);
    }
  } else if ((body as { success?: unknown } | null)?.success !== true) {
    problems.push(`${where}: success is not true`);
  }
  return problems;
}

export interface CheckedClient {
  call(iface: InterfaceName, method: string, target: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Answer>;
  /** Every problem seen so far (capped at 200 kept; count has them all). */
  problems: string[];
  problemCount: number;
  requests: number;
  /** With faultsInjected: injected status answers and dropped connections seen. */
  injected: { statuses: number; dropped: number };
  latenciesMs: number[];
  /** Requests slower than SLOW_MS (the first 1,000): where a latency tail comes from. */
  slow: Array<{ ms: number; iface: InterfaceName; method: string; target: string; status: number }>;
  close(): Promise<void>;
}

const SLOW_MS = 100;

export function createCheckedClient(options: CheckedClientOptions): CheckedClient {
  const pools = {
    trading: new Pool(options.tradingUrl, { connections: options.connections, pipelining: 1 }),
    wallet: new Pool(options.walletUrl, { connections: options.connections, pipelining: 1 }),
  };
  const client: CheckedClient = {
    problems: [],
    problemCount: 0,
    requests: 0,
    injected: { statuses: 0, dropped: 0 },
    latenciesMs: [],
    slow: [],
    async call(iface, method, target, { body, headers = {} } = {}) {
      const sent: Record<string, string> = { ...options.headers, ...headers };
      // Admin POSTs carry the JSON content type even without a body (mock/admin/admin-guard.ts).
      if (body !== undefined || (method === 'POST' && target.startsWith('/__doppel/'))) sent['content-type'] = 'application/json';
      if (options.adminToken !== undefined && target.startsWith('/__doppel/')) sent['authorization'] = `Bearer ${options.adminToken}`;
      const started = performance.now();
      client.requests++;
      try {
        const res = await pools[iface].request({ method: method as 'GET', path: target, headers: sent, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
        const text = await res.body.text();
        const ms = performance.now() - started;
        client.latenciesMs.push(ms);
        if (ms > SLOW_MS && client.slow.length < 1_000) client.slow.push({ ms, iface, method, target, status: res.statusCode });
        const contentType = res.headers['content-type'];
        if (options.faultsInjected === true && res.statusCode >= 500 && text.includes('"code":"injected_fault"')) {
          client.injected.statuses++;
        } else if (options.checkAnswers === false) {
          if (res.statusCode >= 500) note(`${iface} ${method} ${target} → ${res.statusCode}: a 5xx (${text.slice(0, 200)})`);
        } else {
          const problems = answerProblems(iface, method, target, res.statusCode, Array.isArray(contentType) ? contentType[0] : contentType, text);
          for (const p of problems) note(p);
        }
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          // noted above
        }
        return { status: res.statusCode, body: parsed };
      } catch (error) {
        if (options.faultsInjected === true) {
          client.injected.dropped++;
          return { status: 0, body: null };
        }
        note(`${iface} ${method} ${target}: no answer (${(error as Error).message})`);
        return { status: 0, body: null };
      }
    },
    async close() {
      await Promise.all([pools.trading.close(), pools.wallet.close()]);
    },
  };
  function note(problem: string): void {
    client.problemCount++;
    if (client.problems.length < 200) client.problems.push(problem);
  }
  return client;
}
