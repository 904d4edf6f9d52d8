// The decision points of doppel (issue 17): the `x-doppel-decision`s that are parameters of the
// fake, each with its kind, doppel's choice (the default) and whether `doppel check --learn` can
// observe it, and the reason why not for every other decision. The one place the defaults live:
// the fake (mock/) and the checker (conformance/) both read them from here.

/**
 * What a point's value is: an HTTP status, a message text, a duration in seconds, a limit or a
 * guard order (guard names joined by ' > ', first runs first).
 */
export type PointKind = 'status' | 'message' | 'duration-seconds' | 'limit' | 'guard-order';

export interface DecisionPoint<V extends number | string = number | string> {
  /** The `x-doppel-decision` id in spec/ whose choice this point makes a parameter. */
  id: string;
  kind: PointKind;
  /** doppel's choice. */
  default: V;
  /** What the value means, in one line. */
  meaning: string;
  /** How a check run observes it, and what the run needs for that (its flags). */
  learn: string;
  /** For status points: the statuses the fake can answer there (one error code each). */
  statuses?: readonly number[];
  /** For numbers: the range a profile may give. */
  range?: readonly [number, number];
  /** For enum-valued points (a guard order): the values the fake can run. */
  choices?: readonly string[];
}

// Limits, precisions and guard orders (issue 17). A decision's further points are named
// `<decision-id>#<facet>`; a guard order is guard names joined by ' > ', the first runs first.
export const TRADING_GUARD_ORDERS = ['key > whitelist > permission > input', 'key > whitelist > input > permission'] as const;
export const WALLET_GUARD_ORDERS = ['key > rate-limit > input', 'key > input > rate-limit'] as const;

const LIMIT_AND_GUARD_POINTS = [
  {
    id: 'trading.orders-listing#max-limit',
    kind: 'limit',
    default: 100,
    meaning: 'the largest `limit` the orders listing accepts (one more is a 400)',
    learn: 'lists orders with limit=N and N+1, bisecting upwards while a limit is accepted (read-only, --trading-key or --trading-read-key)',
    range: [1, 1000],
  },
  {
    id: 'wallet.transactions-paging#max-limit',
    kind: 'limit',
    default: 100,
    meaning: 'the largest `limit` a wallet\'s transaction history accepts (one more is a 400)',
    learn: 'lists a wallet\'s transactions with limit=N and N+1, bisecting upwards while a limit is accepted (read-only, --wallet-key with a wallet)',
    range: [1, 1000],
  },
  {
    id: 'wallet.prices-unknown#max-symbols',
    kind: 'limit',
    default: 50,
    meaning: 'the most distinct symbols one prices request may name (one more is a 400)',
    learn: 'asks for the prices of N and N+1 distinct symbols, bisecting (read-only, public endpoint)',
    range: [1, 200],
  },
  {
    id: 'trading.futures-duration',
    kind: 'limit',
    default: 720,
    meaning: 'the longest `duration_hours` a futures order accepts (one more is a 400)',
    learn: 'places the smallest futures order at duration_hours N+1 and N, bisecting when they do not bound it (--allow-writes, --trading-key): each accepted probe opens a small position that runs to its expiry (the cost of learning it)',
    range: [24, 8760],
  },
  {
    id: 'trading.guard-order',
    kind: 'guard-order',
    default: TRADING_GUARD_ORDERS[0],
    meaning: 'whether the key\'s permission (403) is checked before or after the input (400)',
    learn: 'places an invalid spot order with the read-only key: 403 or 400, nothing is written either way (read-only, --trading-read-key); key and whitelist always come first, since observing their order needs a key failing two guards at once, which a deployment does not hand out',
    choices: TRADING_GUARD_ORDERS,
  },
  {
    id: 'wallet.guard-order',
    kind: 'guard-order',
    default: WALLET_GUARD_ORDERS[0],
    meaning: 'whether the rate limit (429) is checked before or after the input (400)',
    learn: 'spends the key\'s budget, then sends an invalid body: 429 or 400, nothing is written either way (read-only, --rate-limit and --wallet-key with a wallet); the key always comes first',
    choices: WALLET_GUARD_ORDERS,
  },
] as const satisfies readonly DecisionPoint[];

export const DECISION_POINTS = [
  {
    id: 'trading.conflict-409',
    kind: 'status',
    default: 409,
    meaning: 'status of starting to copy a lead trader the account already copies',
    learn: 'starts a copy twice and stops it (--allow-writes, --trading-key, a lead trader listed)',
    statuses: [400, 404, 409],
  },
  {
    id: 'trading.orders-default-limit',
    kind: 'limit',
    default: 50,
    meaning: 'entries of the orders listing without `limit`',
    learn: 'lists orders with limit=100 and without (read-only, --trading-key); exact only when the account has more orders than the default',
    range: [1, 100],
  },
  {
    id: 'wallet.transactions-paging',
    kind: 'limit',
    default: 50,
    meaning: 'entries of a wallet\'s transaction history without `limit`',
    learn: 'lists a wallet\'s transactions with limit=100 and without (read-only, --wallet-key with a wallet); exact only when it has more transactions than the default',
    range: [1, 100],
  },
  {
    id: 'wallet.send-semantics',
    kind: 'duration-seconds',
    default: 30,
    meaning: 'seconds a send stays `pending` before it is `confirmed`',
    learn: 'sends to a wallet of a user it registers, moves the clock an hour and reads the receive\'s date (--allow-writes, --wallet-key with funds; only a target whose clock it can move: doppel\'s /__doppel/clock)',
    range: [0, 3_600],
  },
  {
    id: 'wallet.register-semantics',
    kind: 'message',
    default: 'User registered successfully',
    meaning: 'the `message` of a successful registration',
    learn: 'registers a user with a fresh e-mail (--allow-writes)',
  },
  ...LIMIT_AND_GUARD_POINTS,
] as const satisfies readonly DecisionPoint[];

export type PointId = (typeof DECISION_POINTS)[number]['id'];

/** Every point's value: a profile's values with doppel's choices where the profile is silent. */
export type DecisionValues = { -readonly [P in (typeof DECISION_POINTS)[number] as P['id']]: P['default'] extends number ? number : string };

export const DEFAULT_DECISIONS: Readonly<DecisionValues> = Object.freeze(
  Object.fromEntries(DECISION_POINTS.map((p) => [p.id, p.default])) as DecisionValues,
);

export function decisionPoint(id: string): DecisionPoint | undefined {
  return (DECISION_POINTS as readonly DecisionPoint[]).find((p) => p.id === id);
}

/**
 * Why a decision is not a learnable parameter. Decisions missing here are fixed in doppel (not a
 * parameter yet: the reason the README's list gives for them).
 */
export const NOT_LEARNABLE: Readonly<Record<string, string>> = {
  'trading.versioning': 'nothing to observe: a deployment\'s other versions are not in the documents',
  'wallet.versioning': 'nothing to observe: a deployment\'s other versions are not in the documents',
  'trading.events': 'nothing to observe: the documents have no events',
  'wallet.events': 'nothing to observe: the documents have no events',
  'trading.price-walk': 'a deployment\'s prices are its market\'s, not a rule a profile can hold',
  'wallet.login-token': 'tokens are secrets: a run masks them and never records their format from a real user',
  'trading.key-format': 'keys are secrets: a run never records them',
  'trading.error-shape': 'a shape, not a value: the response checks judge it',
  'wallet.status-codes': 'several statuses at once: each would be its own point',
};

export const NOT_A_PARAMETER = 'fixed in doppel (not a parameter of the fake yet)';
