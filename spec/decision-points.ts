// The decision points of doppel: the `x-doppel-decision`s that are parameters of the
// fake, each with its kind, doppel's choice (the default) and whether `doppel check --learn` can
// observe it, and the reason why not for every other decision. The one place the defaults live:
// the fake (mock/) and the checker (conformance/) both read them from here.

/**
 * What a point's value is: an HTTP status, a message text (maybe a template), a duration in
 * seconds, a listing limit, a listing order ('newest-first' | 'oldest-first'), one of a few
 * named behaviours (`choices`), or a guard order (guard names joined by ' > ', first runs first).
 */
export type PointKind = 'status' | 'message' | 'duration-seconds' | 'limit' | 'order' | 'choice' | 'guard-order';

export interface DecisionPoint<V extends number | string = number | string> {
  /**
   * The `x-doppel-decision` id in spec/ whose choice this point makes a parameter; a decision's
   * further points are `<decision-id>#<facet>` (decisionOf gives the decision).
   */
  id: string;
  kind: PointKind;
  /** doppel's choice. */
  default: V;
  /** What the value means, in one line. */
  meaning: string;
  /** How a check run observes it, and what the run needs for that (its flags). */
  learn: string;
  /** For status points: the statuses the fake can answer there (an error: one error code each; a success: 200 or 201). */
  statuses?: readonly number[];
  /** For numbers: the range a profile may give. */
  range?: readonly [number, number];
  /** For enum-valued points (orders, named behaviours): the values a profile may give. */
  choices?: readonly string[];
  /** For status points: the operation whose answer it is (a profile's status is documented there). */
  operationId?: string;
}

/** The `{operationId}` of a message template: what the pipeline prefixes an error's text with. */
export const OPERATION_ID_SLOT = '{operationId}';

/** A message template with the operation's id filled in. */
export function renderTemplate(template: string, operationId: string): string {
  return template.split(OPERATION_ID_SLOT).join(operationId);
}

/** An observed message as a template: the operation's id where it occurs (--learn). */
export function templateOf(message: string, operationId: string): string {
  return operationId === '' ? message : message.split(operationId).join(OPERATION_ID_SLOT);
}

/** The decision a point belongs to (the id before `#`). */
export function decisionOf(pointId: string): string {
  const hash = pointId.indexOf('#');
  return hash === -1 ? pointId : pointId.slice(0, hash);
}

/**
 * A point whose id and default keep their literal types (PointId, DecisionValues) while its texts
 * are plain strings, so that the published .d.ts does not repeat every text.
 */
function point<const Id extends string, const V extends number | string>(p: DecisionPoint<V> & { id: Id }): DecisionPoint<V> & { id: Id } {
  return p;
}

// Limits and guard orders. A decision's further points are named
// `<decision-id>#<facet>`; a guard order is guard names joined by ' > ', the first runs first.
export const TRADING_GUARD_ORDERS = ['key > whitelist > permission > input', 'key > whitelist > input > permission'] as const;
export const WALLET_GUARD_ORDERS = ['key > rate-limit > input', 'key > input > rate-limit'] as const;

const LIMIT_AND_GUARD_POINTS = [
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
  point({
    id: 'trading.conflict-409',
    kind: 'status',
    default: 409,
    meaning: 'status of starting to copy a lead trader the account already copies',
    learn: 'starts a copy twice and stops it (--allow-writes)',
    statuses: [400, 404, 409],
    operationId: 'startCopy',
  }),
  point({
    id: 'trading.orders-default-limit',
    kind: 'limit',
    default: 50,
    meaning: 'entries of the orders listing without `limit`',
    learn: 'lists orders with limit=100 and without; exact only with more orders than the default, which --allow-writes places (market buys)',
    range: [1, 100],
  }),
  point({
    id: 'wallet.transactions-paging',
    kind: 'limit',
    default: 50,
    meaning: 'entries of a wallet\'s transaction history without `limit`',
    learn: 'lists a wallet\'s transactions with limit=100 and without (read-only); exact only with more than the default',
    range: [1, 100],
  }),
  point({
    id: 'wallet.send-semantics',
    kind: 'duration-seconds',
    default: 30,
    meaning: 'seconds a send stays `pending` before it is `confirmed`',
    learn: 'sends to a user it registers, moves the clock an hour, reads the receive\'s date (--allow-writes; only doppel\'s /__doppel/clock can be moved)',
    range: [0, 3_600],
  }),
  point({
    id: 'wallet.register-semantics',
    kind: 'message',
    default: 'User registered successfully',
    meaning: 'the `message` of a successful registration',
    learn: 'registers a user with a fresh e-mail (--allow-writes)',
  }),
  // Statuses, messages, listing orders and symbol matching.
  point({
    id: 'wallet.register-semantics#status',
    kind: 'status',
    default: 200,
    meaning: 'status of a successful registration',
    learn: 'registers a user with a fresh e-mail (--allow-writes)',
    statuses: [200, 201],
    operationId: 'register',
  }),
  point({
    id: 'wallet.register-semantics#duplicate-status',
    kind: 'status',
    default: 409,
    meaning: 'status of registering an e-mail already registered',
    learn: 'registers a fresh e-mail twice (--allow-writes)',
    statuses: [400, 409],
    operationId: 'register',
  }),
  point({
    id: 'wallet.create-semantics#status',
    kind: 'status',
    default: 200,
    meaning: 'status of a successful wallet creation',
    learn: 'creates a wallet for a user it registers (--allow-writes)',
    statuses: [200, 201],
    operationId: 'createWallet',
  }),
  point({
    id: 'trading.cancel-semantics#not-open-status',
    kind: 'status',
    default: 400,
    meaning: 'status of cancelling an order that is no longer open',
    learn: 'cancels a resting spot order twice (--allow-writes)',
    statuses: [400, 409],
    operationId: 'cancelSpotOrder',
  }),
  point({
    id: 'trading.copy-semantics#stop-unknown-status',
    kind: 'status',
    default: 404,
    meaning: 'status of stopping a copy relation that does not exist',
    learn: 'stops copying a lead trader twice (--allow-writes)',
    statuses: [400, 404],
    operationId: 'stopCopy',
  }),
  point({
    id: 'wallet.status-codes#missing-key-message',
    kind: 'message',
    default: '{operationId}: missing X-API-Key header',
    meaning: 'the `error` of a 401 without X-API-Key (a template)',
    learn: 'calls each keyed operation without a key (read-only)',
  }),
  point({
    id: 'trading.error-shape#missing-key-message',
    kind: 'message',
    default: '{operationId}: missing API-KEY header',
    meaning: 'the `error` of a 401 without API-KEY (a template)',
    learn: 'calls each keyed operation without a key (read-only)',
  }),
  point({
    id: 'wallet.login-token#failure-message',
    kind: 'message',
    default: '{operationId}: invalid email or password',
    meaning: 'the `error` of a failed login\'s 401 (a template)',
    learn: 'logs in with an e-mail nobody registered (read-only: that changes no account)',
  }),
  point({
    id: 'wallet.list-order',
    kind: 'order',
    default: 'oldest-first',
    meaning: 'order of the wallets listing (by id)',
    learn: 'lists the --wallet-key\'s wallets (read-only; needs 2)',
    choices: ['oldest-first', 'newest-first'],
  }),
  point({
    id: 'trading.orders-listing#order',
    kind: 'order',
    default: 'newest-first',
    meaning: 'order of the orders listing (by creation, then id)',
    learn: 'lists the --trading-key\'s orders (needs 2, which --allow-writes places)',
    choices: ['newest-first', 'oldest-first'],
  }),
  point({
    id: 'wallet.tokens#order',
    kind: 'order',
    default: 'oldest-first',
    meaning: 'order of a wallet\'s `tokens` (by token id)',
    learn: 'lists the --wallet-key\'s wallets (read-only; needs a wallet on a chain of two tokens or more, ethereum)',
    choices: ['oldest-first', 'newest-first'],
  }),
  point({
    id: 'wallet.transactions-paging#order',
    kind: 'order',
    default: 'newest-first',
    meaning: 'order of a wallet\'s transaction history (by date, then creation)',
    learn: 'lists the --wallet-key\'s wallets\' transactions (read-only; needs 2 of different dates, or of one date whose sends the run or traffic made)',
    choices: ['newest-first', 'oldest-first'],
  }),
  point({
    id: 'trading.symbol-case',
    kind: 'choice',
    default: 'case-insensitive',
    meaning: 'symbol matching in paths and bodies (upper-case-only: a lower-case one is unknown)',
    learn: 'gets a listed symbol\'s price spelled lower-case (read-only)',
    choices: ['case-insensitive', 'upper-case-only'],
  }),
  point({
    id: 'wallet.auth-exemptions',
    kind: 'choice',
    default: 'public',
    meaning: 'whether chains and prices need X-API-Key (register and login stay public)',
    learn: 'gets the chains and prices without a key (read-only)',
    choices: ['public', 'key-required'],
  }),
  ...LIMIT_AND_GUARD_POINTS,
] as const;

export type PointId = (typeof DECISION_POINTS)[number]['id'];

/** Every point's value: a profile's values with doppel's choices where the profile is silent. */
export type DecisionValues = { -readonly [P in (typeof DECISION_POINTS)[number] as P['id']]: P['default'] extends number ? number : string };

export const DEFAULT_DECISIONS: Readonly<DecisionValues> = Object.freeze(
  Object.fromEntries(DECISION_POINTS.map((p) => [p.id, p.default])) as DecisionValues,
);

export function decisionPoint(id: string): DecisionPoint | undefined {
  return (DECISION_POINTS as readonly DecisionPoint[]).find((p) => p.id === id);
}

/** The points of one decision, its own first. */
export function pointsOf(decisionId: string): DecisionPoint[] {
  return (DECISION_POINTS as readonly DecisionPoint[]).filter((p) => decisionOf(p.id) === decisionId);
}

/**
 * The status point of this operation that offers `status` (its chosen value first): a status
 * spec/ documents there only as a deployment's alternative, which the status checks accept and
 * judge like doppel's choice at that point (the point's default).
 */
export function statusPointFor(operationId: string, status: number, decisions: Readonly<DecisionValues> = DEFAULT_DECISIONS): DecisionPoint | undefined {
  const points = (DECISION_POINTS as readonly DecisionPoint[]).filter((p) => p.kind === 'status' && p.operationId === operationId && p.statuses?.includes(status));
  return points.find((p) => (decisions as Record<string, number | string>)[p.id] === status) ?? points[0];
}

/**
 * Whether a --profile's wallet.auth-exemptions `key-required` makes this public operation answer
 * 401 like a keyed one (chains and prices; register and login stay public).
 */
export function keyRequiredByProfile(decisions: Readonly<DecisionValues>, operationId: string): boolean {
  return decisions['wallet.auth-exemptions'] === 'key-required' && (operationId === 'listChains' || operationId === 'getWalletPrices');
}

/**
 * Why a decision (or, for one with points, the rest of it) stays fixed in doppel: every decision
 * without a point has its specific reason here (test/profile/registry.test.ts holds it to that).
 */
const RULE = 'a rule with state, not a value: the checks judge it';
const SHAPE = 'a record shape: the response schema judges it';
const INPUT = 'input rules: the invalid-input checks judge them';
const FORMAT = 'a wire format of every record: the format checks judge it';
const DATA = 'the deployment\'s own data, not a behaviour';
const NO_VERSIONS = 'nothing to observe: the documents name no other version';
const NO_EVENTS = 'nothing to observe: the documents have no events';
const IDENTITY = 'which fields a record keeps, not a value: the relation judge holds each (resource-relations)';
const rest = (why: string) => `the rest: ${why}`;
export const NOT_LEARNABLE: Readonly<Record<string, string>> = {
  'trading.versioning': NO_VERSIONS,
  'wallet.versioning': NO_VERSIONS,
  'trading.events': NO_EVENTS,
  'wallet.events': NO_EVENTS,
  'trading.rate-limit': 'an absence: a limit shows only by sending until refused, which a run must not do to a deployment',
  'trading.key-format': 'keys are secrets: a run never records them',
  'trading.request-bodies': INPUT,
  'trading.single-price-shape': SHAPE,
  'trading.orders-listing': rest(INPUT),
  'trading.spot-semantics': RULE,
  'trading.cancel-semantics': rest(RULE),
  'trading.margin-semantics': RULE,
  'trading.futures-semantics': RULE,
  'trading.binary-semantics': RULE,
  'trading.copy-semantics': rest(RULE),
  'trading.dates': FORMAT,
  'trading.error-shape': rest(SHAPE),
  'trading.price-walk': 'a deployment\'s prices are its market\'s, not a rule a profile can hold',
  'trading.balance-meaning': RULE,
  'trading.account-fields': SHAPE,
  'trading.market-fields': SHAPE,
  'trading.order-states': RULE,
  'trading.required-fields': INPUT,
  'trading.binary-durations': INPUT,
  'trading.order-fields': SHAPE,
  'trading.lead-trader-fields': SHAPE,
  'trading.copy-relation-fields': SHAPE,
  'trading.record-identity': IDENTITY,
  'wallet.tokens': rest(DATA),
  'wallet.status-codes': rest('the statuses every status check judges by, one error code each'),
  'wallet.limits': 'absences (no cap, no fee); the digits are wallet.decimal-format\'s',
  'wallet.rate-limit-scope': `${RULE}; the limit is doppel mock --wallet-rate-limit`,
  'wallet.address-validation': INPUT,
  'wallet.login-token': rest('tokens are secrets: a run masks them and never records their format'),
  'wallet.create-semantics': rest('address formats, a rule the address checks judge'),
  'wallet.usd-value': 'a formula over the price: usd-value-matches-price judges it',
  'wallet.prices-unknown': rest(INPUT),
  'wallet.decimal-format': FORMAT,
  'wallet.dates-utc': FORMAT,
  'wallet.chains': DATA,
  'wallet.transaction-types': SHAPE,
  'wallet.transaction-states': rest('its one value, the confirmation delay, is wallet.send-semantics'),
  'wallet.record-identity': IDENTITY,
};
