// Racy breaking layers: each sits in front of doppel mock and opens a check-then-act window for one
// guard (a balance, a reserve, a limiter, a uniqueness or state check), affecting only requests
// that overlap another of the same kind on the same resource: a refusal the fake gave is turned
// into an acceptance that is never applied. A sequential run cannot see any of them; the race
// checks (--concurrency) must. Each names the check and assertion that must catch it.
import { randomBytes } from 'node:crypto';
import { pathOf, type Breakage, type ProxiedRequest, type ProxiedResponse } from './broken-proxy.js';

export interface RaceMutant {
  name: string;
  iface: 'trading' | 'wallet';
  /** `<check>/<assertion>`. */
  killedBy: string;
  /** Whether the killing assertion is a decision (then the run needs --strict to fail). */
  strict: boolean;
  /** Whether the race needs --rate-limit. */
  rateLimit?: boolean;
  /** Race checks run besides the killing one, for the overlapping requests it judges (the relation judge fires none). */
  traffic?: string[];
  breakage: () => Breakage;
}

/**
 * A layer that, for requests `resource` names (else undefined: not affected), marks each as
 * overlapped when another of the same resource was in flight at any time during it; an overlapped
 * refusal (`refused`; or any answer it picks) becomes `accept(req, res)`.
 */
function overlapLayer(o: {
  resource: (req: ProxiedRequest) => string | undefined;
  refused: (res: ProxiedResponse) => boolean;
  accept: (req: ProxiedRequest, res: ProxiedResponse) => ProxiedResponse;
  /** Told each answer the layer passes on as it is (e.g. to copy an accepted body). */
  seen?: (req: ProxiedRequest, res: ProxiedResponse) => void;
}): Breakage {
  const inFlight = new Map<string, Set<ProxiedRequest>>();
  const overlapped = new WeakSet<ProxiedRequest>();
  return {
    request(req) {
      const r = o.resource(req);
      if (r === undefined) return req;
      const now = inFlight.get(r) ?? new Set();
      for (const other of now) overlapped.add(other);
      if (now.size) overlapped.add(req);
      now.add(req);
      inFlight.set(r, now);
      return req;
    },
    response(req, res) {
      const r = o.resource(req);
      if (r === undefined) return res;
      inFlight.get(r)?.delete(req);
      if (overlapped.has(req) && o.refused(res)) return o.accept(req, res);
      o.seen?.(req, res);
      return res;
    },
  };
}

/** A request body as JSON; {} when it is none (invalid bodies pass the layers untouched). */
function parsed(body: string): any {
  try {
    return JSON.parse(body) ?? {};
  } catch {
    return {};
  }
}

const json = (res: ProxiedResponse, body: unknown): ProxiedResponse => ({ ...res, status: 200, headers: { ...res.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const refusal = (res: ProxiedResponse): boolean => res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 401 && res.status !== 404;
const keyOf = (req: ProxiedRequest): string => req.headers['x-api-key'] ?? req.headers['api-key'] ?? '';
const post = (req: ProxiedRequest, path: RegExp): boolean => req.method === 'POST' && path.test(pathOf(req));

/** A layer that remembers the last accepted answer per resource, and answers an overlapped refusal with it (a new id where it has one). */
function replayAccepted(resource: (req: ProxiedRequest) => string | undefined, refused: (res: ProxiedResponse) => boolean, edit: (body: any) => void): Breakage {
  const last = new Map<string, string>();
  return overlapLayer({
    resource,
    refused,
    seen: (req, res) => {
      if (res.status === 200) last.set(resource(req) as string, res.body);
    },
    accept: (req, res) => {
      const body = last.get(resource(req) as string);
      if (body === undefined) return res;
      const parsed = JSON.parse(body);
      edit(parsed);
      return json(res, parsed);
    },
  });
}

let fakeIds = 9_000_000;

/** A trading layer that answers an overlapped refusal with an acceptance made from the request body. */
const fabricate = (resource: (req: ProxiedRequest) => string | undefined, data: (body: any) => unknown): Breakage =>
  overlapLayer({ resource, refused: refusal, accept: (req, res) => json(res, { success: true, data: data(parsed(req.body)) }) });

export const RACE_MUTANTS: RaceMutant[] = [
  {
    name: 'a send that overlaps another from its wallet is accepted past the balance, never applied',
    iface: 'wallet',
    killedBy: 'wallet-send-race/debit',
    strict: false,
    breakage: () =>
      overlapLayer({
        resource: (req) => (post(req, /^\/api\/v1\/wallets\/\d+\/send$/) ? pathOf(req) : undefined),
        refused: refusal,
        accept: (_req, res) => json(res, { success: true, tx_hash: `0x${randomBytes(32).toString('hex')}`, message: 'Transaction sent' }),
      }),
  },
  {
    name: 'a limit buy that overlaps another of its key reserves past the balance, never applied',
    iface: 'trading',
    killedBy: 'spot-reserve-race/listed',
    strict: false,
    breakage: () => fabricate((req) => (post(req, /^\/api\/v1\/spot\/order$/) ? keyOf(req) : undefined), (body) => ({ id: ++fakeIds, type: 'spot', ...body, status: 'open' })),
  },
  {
    name: 'a margin position that overlaps another reserving order of its key reserves past the balance, never applied',
    iface: 'trading',
    killedBy: 'spot-reserve-race/listed',
    strict: false,
    // the window spans every write that reserves the key's quote: buys and positions alike
    breakage: () =>
      overlapLayer({
        resource: (req) => (post(req, /^\/api\/v1\/(spot|margin)\/order$/) ? keyOf(req) : undefined),
        refused: refusal,
        accept: (req, res) => (post(req, /^\/api\/v1\/margin\/order$/) ? json(res, { success: true, data: { id: ++fakeIds, type: 'margin', ...parsed(req.body), status: 'open' } }) : res),
      }),
  },
  {
    name: 'orders of a key that overlap each other are all given the first one\'s id',
    iface: 'trading',
    killedBy: 'resource-relations/order.unique-in-creations',
    strict: false,
    traffic: ['spot-reserve-race'],
    breakage: () => {
      let first: unknown;
      return overlapLayer({
        resource: (req) => (post(req, /^\/api\/v1\/(spot|margin)\/order$/) ? keyOf(req) : undefined),
        refused: (res) => res.status === 200,
        accept: (_req, res) => {
          const body = JSON.parse(res.body);
          if (first === undefined) first = body?.data?.id;
          else body.data.id = first;
          return json(res, body);
        },
      });
    },
  },
  {
    name: 'a second copy start that overlaps the first is accepted too',
    iface: 'trading',
    killedBy: 'copy-start-race/lock',
    strict: false,
    breakage: () => fabricate((req) => (post(req, /^\/api\/v1\/copy\/start$/) ? `${keyOf(req)} ${req.body}` : undefined), (body) => ({ ...body, status: 'active' })),
  },
  {
    name: 'a second cancel that overlaps the first is accepted too',
    iface: 'trading',
    killedBy: 'cancel-race/linearizable',
    strict: true,
    breakage: () => fabricate((req) => (post(req, /^\/api\/v1\/spot\/cancel$/) ? `${keyOf(req)} ${req.body}` : undefined), (body) => ({ id: body.order_id, status: 'cancelled' })),
  },
  {
    name: 'a registration that overlaps another of the same e-mail is accepted too',
    iface: 'wallet',
    killedBy: 'register-race/one-user',
    strict: false,
    breakage: () =>
      overlapLayer({
        resource: (req) => (post(req, /^\/api\/v1\/register$/) ? String(parsed(req.body).email).toLowerCase() : undefined),
        refused: refusal,
        accept: (_req, res) => json(res, { success: true, user_id: ++fakeIds, message: 'User registered successfully' }),
      }),
  },
  {
    name: 'a request over the limit that overlaps another of its key passes the limiter',
    iface: 'wallet',
    killedBy: 'rate-limit-race/at-most-limit',
    strict: false,
    rateLimit: true,
    breakage: () => replayAccepted((req) => (req.method === 'GET' && pathOf(req) === '/api/v1/wallets' ? keyOf(req) : undefined), (res) => res.status === 429, () => {}),
  },
];
