// createFake: both interfaces over one virtual clock and one price book, each served by the one
// request pipeline (mock/core/pipeline.ts) with its operations, its rules and the admin routes.
import { createPipeline, type AdminRoute, type App, type FakeRequest, type FakeResponse, type Logger, type RoutedApp } from './core/index.js';
import { createGateway, type ServedNamespace } from './core/gateway.js';
import { createAnswerCache, type AnswerCache } from './core/answer-cache.js';
import { invalidatingView } from './core/invalidating-view.js';
import { createRequestJournal, DEFAULT_JOURNAL_SIZE, type JournalEntry, type JournalFilter, type Verification } from './core/request-journal.js';
import { createFaultRules, type FaultRule, type FaultRuleInput } from './core/fault-rules.js';
import { DEFAULT_NAMESPACE, NAMESPACE_NAME } from './core/namespace-header.js';
import { LOOPBACK_ORIGINS, readOriginList, type CorsPolicy } from './core/cors.js';
import { readAllowedHosts } from './core/host-check.js';
import { domainError } from './domain/domain-error.js';
import { journalRoutes } from './admin/journal-routes.js';
import { faultRoutes } from './admin/fault-routes.js';
import { namespaceRoutes } from './admin/namespace-routes.js';
import { resetRoute, type ResetResult, type ResetScope } from './admin/reset-route.js';
import { createClock, DEFAULT_CLOCK_START, type Clock } from './domain/clock.js';
import { createPriceBook, type PriceBook } from './domain/price-book.js';
import { createTradingBackend, type TradingBackend } from './domain/trading/index.js';
import { createWalletBackend, type WalletBackend } from './domain/wallet/index.js';
import { tradingAdminRoutes, tradingOperations, tradingRules } from './api/trading/index.js';
import { walletAdminRoutes, walletOperations, walletRules } from './api/wallet/index.js';
import { readProfile } from '../spec/profile.js';
import { clockView, commonAdminRoutes } from './admin/common-admin-routes.js';
import { adminGuard } from './admin/admin-guard.js';
import { stateRoutes } from './admin/state-routes.js';
import { dashboardRoutes } from './admin/dashboard-routes.js';
import { healthRoute } from './admin/health-route.js';
import { createFakeFetch, type FetchLike } from './fetch/create-fake-fetch.js';
import { materializeCut, pinsSnapshot, readSnapshotEnvelope, releasing, snapshotChunks, SNAPSHOT_VERSION, type DoppelSnapshot, type SnapshotCut, type SnapshotEnvelope } from './domain/snapshot/index.js';

/** Where in-process clients reach the fake by default (fake.fetch, createHandlers). */
export const DEFAULT_BASE_URLS = { trading: 'http://trading.doppel.test', wallet: 'http://wallet.doppel.test' } as const;

export interface FakeOptions {
  /** Seed of the demo data, addresses and the price walk. Default 1. */
  seed?: number;
  /** `manual` (default in-process): time moves only when told; `realtime`: with the wall clock too. */
  clock?: 'manual' | 'realtime';
  /** Virtual start time, epoch ms. Default 2026-01-01 00:00:00 UTC. */
  start?: number;
  /** Default true: the demo accounts, keys, wallets and lead traders (docs/guides/client-developers.md, demo data); false starts empty. */
  demo?: boolean;
  /** Wallet requests per minute per key (seed wallet §8: 60). */
  walletRateLimit?: number;
  /** When set, /__doppel/* requires `Authorization: Bearer <token>`. */
  adminToken?: string;
  logger?: Logger;
  /** More admin routes on both ports (startMock adds GET /__doppel/docs); the admin token applies to them. */
  adminRoutes?: AdminRoute[];
  /** The base URLs fake.fetch answers (defaults http://trading.doppel.test and http://wallet.doppel.test). */
  baseUrls?: { trading?: string; wallet?: string };
  /**
   * Where clients reach each interface (startMock: its listeners' URLs), for the 404 of a path of
   * one interface asked of the other, which names where to go instead; default the base URLs.
   */
  interfaceUrls?: () => { trading?: string; wallet?: string };
  /**
   * Start from this snapshot (mock/snapshot.ts) instead of the seeded demo data; its seed and
   * clock replace `seed` and `start`. Reset goes back to it. Invalid → throws SnapshotError.
   */
  snapshot?: unknown;
  /**
   * CORS of the interfaces' routes (docs/guides/security.md). By default pages of this machine may
   * call them (http(s)://localhost, *.localhost, 127.0.0.1, [::1], any port); a list of origins
   * (`http://192.168.1.20:3000`) allows those besides; `'*'` allows any web page (which can then
   * read and change whatever the keys it holds reach); false sends no CORS headers. OPTIONS
   * preflights answer 204 on every route; HEAD answers every GET route. Invalid origin → throws.
   */
  cors?: '*' | string[] | false;
  /**
   * CORS of the admin routes (/__doppel/*: the whole state, reset, clock, faults): the origins whose
   * pages may call them (`loopback` for every page of this machine); none by default, so only the
   * dashboard (same origin) and non-browser clients reach them. Never `*`. Invalid origin → throws.
   */
  adminCors?: string[];
  /**
   * Host names besides this machine's that a request may name when doppel mock listens on loopback
   * (`myapp.test`, `.myapp.test` for it and every name under it, an IP address); any other Host
   * gets 403 (DNS rebinding). Applies to requests over HTTP only (startMock): in-process requests
   * carry whatever host the test's URL names. Invalid entry → throws.
   */
  allowedHosts?: string[];
  /** Entries the request journal keeps (a ring; default 10 000); 0 turns the journal off. */
  journalSize?: number;
  /**
   * Default true: a read's answer is kept and answered again while nothing it depends on changed
   * (mock/core/answer-cache.ts); every answer is the same as with false, which computes each read
   * (for comparing, and measuring).
   */
  answerCache?: boolean;
  /** How many namespaces may exist at once, the default one included (default 100); one more is a 409. */
  maxNamespaces?: number;
  /**
   * Called after a state was dropped (a reset, a state import, a namespace dropped): `doppel mock`
   * gives the memory back then (mock/http/release-memory.ts).
   */
  onStateDropped?: () => void;
  /**
   * A deployment profile (spec/profile.ts): the decision points' values to answer with
   * instead of doppel's. Invalid → throws ProfileError naming the field.
   */
  profile?: unknown;
}

export interface Fake {
  readonly trading: App;
  readonly wallet: App;
  readonly clock: Clock;
  /**
   * A fetch-compatible function over both interfaces, routed by origin (FakeOptions.baseUrls), for
   * clients and SDKs that take a custom fetch: the same pipeline as HTTP and msw, no port.
   */
  readonly fetch: FetchLike;
  /** The two backends and the shared price book (fixtures, benchmarks); requests go through trading/wallet. */
  readonly models: { trading: TradingBackend; wallet: WalletBackend; prices: PriceBook };
  /** Moves the virtual clock forward and processes everything that fell due. */
  advance(ms: number): void;
  /** Back to the starting state (the seeded one, or the snapshot it was created from): both interfaces and the clock. */
  reset(): void;
  /** The whole fake as a snapshot, after settling what is due now. */
  exportState(): DoppelSnapshot;
  /**
   * The same snapshot as JSON text a piece at a time, for writing a large state out without holding
   * up requests between the pieces: the state of the instant this is called, whatever changes
   * meanwhile. 'compact' is JSON.stringify's text, 'lines' the state file's layout. Read it to the
   * end or call return() (a dropped iterator is released when garbage-collected).
   */
  exportChunks(layout?: 'compact' | 'lines'): IterableIterator<string>;
  /** Replaces the whole fake with a snapshot's state, or throws SnapshotError and changes nothing. */
  importState(snapshot: unknown): void;
  /** The request journal: matching entries, newest first (GET /__doppel/requests). Empty when the journal is off. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** The verification helper: how many requests match, and the newest of them. */
  verify(filter?: JournalFilter): Verification;
  /** Empties the journal (or removes the entries that match); returns how many were removed. */
  clearRequests(filter?: JournalFilter): number;
  /** Fault injection (POST/GET/DELETE /__doppel/faults). */
  readonly faults: {
    /** Adds a rule; an invalid one throws FaultRuleError naming the problem. */
    add(rule: FaultRuleInput): FaultRule;
    list(): FaultRule[];
    /** One rule by id (true if it existed), or every rule (how many). */
    remove(id?: string): boolean | number;
  };
  /** The namespace of this name (X-Doppel-Namespace), created on first use: its own state and clock. */
  namespace(name: string): FakeNamespace;
  /** The names of the namespaces that exist, the default one first. */
  namespaces(): string[];
  /** Drops a namespace (not the default one); true if it existed. */
  dropNamespace(name: string): boolean;
}

/** One isolated fake inside a Fake: what the namespace header selects. */
export interface FakeNamespace {
  readonly name: string;
  readonly clock: Clock;
  readonly models: { trading: TradingBackend; wallet: WalletBackend; prices: PriceBook };
  advance(ms: number): void;
  reset(): void;
  exportState(): DoppelSnapshot;
  exportChunks(layout?: 'compact' | 'lines'): IterableIterator<string>;
  importState(snapshot: unknown): void;
}

interface Built {
  seed: number;
  /** Virtual start time: the price walk is anchored 24 h before it. */
  start: number;
  clock: Clock;
  prices: PriceBook;
  trading: TradingBackend;
  wallet: WalletBackend;
  tradingApp: RoutedApp;
  walletApp: RoutedApp;
  /** The answers both pipelines keep; undefined when answerCache is false. */
  answers: AnswerCache | undefined;
}

interface NamespaceState extends FakeNamespace {
  readonly built: Built;
  /** What each gateway serves of it: made once, not per request; they follow reset and import. */
  readonly served: { trading: ServedNamespace; wallet: ServedNamespace };
}

export const DEFAULT_MAX_NAMESPACES = 100;

export function createFake(options: FakeOptions = {}): Fake {
  const guard = adminGuard(options.adminToken);
  const initial = options.snapshot === undefined ? undefined : readSnapshotEnvelope(options.snapshot);
  const journalSize = options.journalSize ?? DEFAULT_JOURNAL_SIZE;
  const journal = journalSize > 0 ? createRequestJournal(journalSize) : null;
  const faults = createFaultRules();
  const maxNamespaces = options.maxNamespaces ?? DEFAULT_MAX_NAMESPACES;
  const cors = corsPolicy(options);
  const allowedHosts = readAllowedHosts(options.allowedHosts ?? []);
  const namespaces = new Map<string, NamespaceState>();
  const decisions = options.profile === undefined ? undefined : readProfile(options.profile);
  const urlOf = (iface: 'trading' | 'wallet'): string => options.interfaceUrls?.()[iface] ?? options.baseUrls?.[iface] ?? DEFAULT_BASE_URLS[iface];

  // Fake-wide admin routes (journal, faults, namespaces): the same in every namespace's pipeline.
  const shared: AdminRoute[] = [
    ...journalRoutes({ journal, size: journalSize }),
    ...faultRoutes(faults),
    ...namespaceRoutes({ list: () => namespaceViews(), drop: dropNamespace, max: maxNamespaces }),
    resetRoute((scope) => resetScope(scope), clockView),
  ];

  function createNamespace(name: string): NamespaceState {
    let built = build(initial);

    function build(from?: SnapshotEnvelope): Built {
      const seed = from?.seed ?? options.seed ?? 1;
      const start = from?.start ?? options.start ?? DEFAULT_CLOCK_START;
      const clock = createClock({ mode: options.clock ?? 'manual', start });
      const prices = createPriceBook({ seed, clock });
      const demo = from === undefined && options.demo !== false;
      const trading = createTradingBackend({ seed, clock, prices, demo, decisions });
      const wallet = createWalletBackend({ seed, clock, prices, rateLimit: options.walletRateLimit ?? 60, demoData: demo, decisions });
      if (from !== undefined) {
        // Each decoder checks its whole part before assigning; a throw here leaves `built` as it was.
        trading.importState(from.trading);
        wallet.importState(from.wallet);
        prices.restorePins(from.pins);
        const behind = from.now - clock.now();
        if (behind > 0) clock.advance(behind);
      }
      // `built`, not this build's clock: reset and import replace the build, and answer with the new clock.
      const admin = [
        ...commonAdminRoutes({ now: () => built.clock.now(), advance }),
        ...stateRoutes({ exportChunks, importState, now: () => built.clock.now() }),
        ...dashboardRoutes({ trading, wallet }),
        healthRoute(),
        ...shared,
        ...(options.adminRoutes ?? []),
      ];
      const answers = options.answerCache === false ? undefined : createAnswerCache();
      // `built`: the apps this build is making, asked when a request comes (the routes of every build are the same).
      const elsewhere = (other: 'trading' | 'wallet') => (path: string): string | undefined =>
        (other === 'wallet' ? built.walletApp : built.tradingApp).methods(path).length === 0 ? undefined : `: a path of the ${other} interface, which is at ${urlOf(other)} (this is the ${other === 'wallet' ? 'trading' : 'wallet'} interface)`;
      const common = { now: () => clock.now(), adminGuard: guard, ...(options.logger ? { logger: options.logger } : {}), ...(answers ? { answers } : {}) };
      return {
        seed,
        start,
        clock,
        prices,
        trading,
        wallet,
        answers,
        tradingApp: createPipeline({
          ...common,
          rules: tradingRules(trading),
          operations: tradingOperations.map((op) => op.bind(trading)),
          admin: [...tradingAdminRoutes(trading), ...admin],
          elsewhere: elsewhere('wallet'),
        }),
        walletApp: createPipeline({
          ...common,
          rules: walletRules(wallet, prices),
          operations: walletOperations.map((op) => op.bind(wallet)),
          admin: [...walletAdminRoutes(wallet), ...admin],
          elsewhere: elsewhere('trading'),
        }),
      };
    }

    function advance(ms: number): void {
      built.clock.advance(ms);
      built.trading.settle(built.clock.now());
      built.wallet.settle(built.clock.now());
    }

    function reset(): void {
      built = build(initial);
      options.onStateDropped?.();
    }

    /** The snapshot's tree at this instant, its long collections read later (mock/domain/export-cut.ts). */
    function cutState(): SnapshotCut<DoppelSnapshot> {
      advance(0);
      const trading = built.trading.cutState();
      const wallet = built.wallet.cutState();
      return {
        tree: {
          doppel_snapshot: SNAPSHOT_VERSION,
          seed: built.seed,
          clock: { start: built.start, now: built.clock.now() },
          prices: { pins: pinsSnapshot(built.prices.pins()) },
          trading: trading.tree,
          wallet: wallet.tree,
        },
        release() {
          trading.release();
          wallet.release();
        },
      };
    }

    function exportState(): DoppelSnapshot {
      return materializeCut(cutState());
    }

    function exportChunks(layout: 'compact' | 'lines' = 'compact'): IterableIterator<string> {
      const cut = cutState();
      return releasing(snapshotChunks(cut.tree, layout, '', layout === 'lines' ? '\n' : ''), cut.release);
    }

    function importState(snapshot: unknown): void {
      built = build(readSnapshotEnvelope(snapshot));
      options.onStateDropped?.();
    }

    const now = (): number => built.clock.now();
    return {
      name,
      get built() {
        return built;
      },
      served: {
        trading: { app: { handle: (req) => built.tradingApp.handle(req) }, now },
        wallet: { app: { handle: (req) => built.walletApp.handle(req) }, now },
      },
      get clock() {
        return built.clock;
      },
      get models() {
        const { answers } = built;
        const models = { trading: built.trading, wallet: built.wallet, prices: built.prices };
        return answers === undefined ? models : invalidatingView(models, () => answers.invalidate());
      },
      advance,
      reset,
      exportState,
      exportChunks,
      importState,
    };
  }

  const main = createNamespace(DEFAULT_NAMESPACE);
  namespaces.set(DEFAULT_NAMESPACE, main);

  /** The namespace a request names, created on first use (a bad name is a 400, one too many a 409). */
  function namespaceFor(name: string): NamespaceState {
    const found = namespaces.get(name);
    if (found !== undefined) return found;
    if (!NAMESPACE_NAME.test(name)) throw domainError.invalid_request('X-Doppel-Namespace must be 1 to 64 letters, digits, ".", "_" or "-"');
    // A clear refusal rather than eviction: evicting a namespace would silently reset the state a
    // test worker is still using.
    if (namespaces.size >= maxNamespaces) {
      throw domainError.conflict(`namespace limit reached (${maxNamespaces}): DELETE /__doppel/namespaces/{name} one that is no longer used, or start doppel mock with a larger --max-namespaces`);
    }
    const created = createNamespace(name);
    namespaces.set(name, created);
    return created;
  }

  function dropNamespace(name: string): boolean {
    if (name === DEFAULT_NAMESPACE) throw domainError.invalid_request('the default namespace cannot be dropped (POST /__doppel/reset resets it)');
    const dropped = namespaces.delete(name);
    if (dropped) options.onStateDropped?.();
    return dropped;
  }

  /**
   * POST /__doppel/reset (mock/admin/reset-route.ts): the namespaces' state, clock and rate-limit
   * windows (all of them live in the build a reset replaces), then the journal entries and fault
   * rules of the same scope unless kept.
   */
  function resetScope(scope: ResetScope): ResetResult {
    const targets = scope.all ? [...namespaces.values()] : [namespaceFor(scope.namespace)];
    for (const ns of targets) ns.reset();
    const requests = journal === null || scope.keep.has('journal') ? 0 : journal.clear(scope.all ? undefined : { namespace: scope.namespace });
    let removed = 0;
    if (!scope.keep.has('faults')) {
      for (const rule of faults.list()) {
        const named = rule.match.namespace;
        if (scope.all || named === scope.namespace || (scope.unnamed && named === undefined)) removed += faults.remove(rule.id) ? 1 : 0;
      }
    }
    return { now: (targets[0] ?? main).clock.now(), namespaces: targets.map((ns) => ns.name), removed: { requests, faults: removed } };
  }

  function namespaceViews(): { name: string; now: string; epoch_ms: number }[] {
    return [...namespaces.values()].map((ns) => ({ name: ns.name, ...clockView(ns.clock.now()) }));
  }

  // The Apps handed out stay valid across reset: they delegate to whatever is current.
  const routesOf = (pick: (b: Built) => RoutedApp): RoutedApp => ({
    handle: (req: FakeRequest): FakeResponse => pick(main.built).handle(req),
    describe: (method, path) => pick(main.built).describe(method, path),
    methods: (path) => pick(main.built).methods(path),
  });
  const gateway = (iface: 'trading' | 'wallet', pick: (b: Built) => RoutedApp): App =>
    createGateway({
      iface,
      cors,
      allowedHosts,
      journal,
      faults,
      routes: routesOf(pick),
      namespace: (name) => (name === DEFAULT_NAMESPACE ? main : namespaceFor(name)).served[iface],
    });
  const trading = gateway('trading', (b) => b.tradingApp);
  const wallet = gateway('wallet', (b) => b.walletApp);
  const fetch = createFakeFetch([
    { baseUrl: options.baseUrls?.trading ?? DEFAULT_BASE_URLS.trading, app: trading },
    { baseUrl: options.baseUrls?.wallet ?? DEFAULT_BASE_URLS.wallet, app: wallet },
  ]);
  return {
    trading,
    wallet,
    fetch,
    get clock() {
      return main.clock;
    },
    get models() {
      return main.models;
    },
    advance: main.advance,
    reset: main.reset,
    exportState: main.exportState,
    exportChunks: main.exportChunks,
    importState: main.importState,
    requests: (filter) => journal?.find(filter) ?? [],
    verify: (filter) => journal?.verify(filter) ?? { count: 0, last: null },
    clearRequests: (filter) => journal?.clear(filter) ?? 0,
    faults: { add: (rule) => faults.add(rule), list: () => faults.list(), remove: (id) => faults.remove(id) },
    namespace: (name) => namespaceFor(name),
    namespaces: () => [...namespaces.keys()],
    dropNamespace,
  };
}

/** FakeOptions.cors and adminCors as the gateway's policy: pages of this machine and the origins listed. */
function corsPolicy(options: Pick<FakeOptions, 'cors' | 'adminCors'>): CorsPolicy | null {
  if (options.cors === false) {
    if (options.adminCors !== undefined && options.adminCors.length > 0) throw new Error('adminCors: CORS is off (cors: false)');
    return null;
  }
  if ((options.adminCors ?? []).includes('*')) {
    throw new Error("adminCors: '*' would let every web page read and reset the whole fake; name the origins (or 'loopback')");
  }
  return {
    origins: options.cors === '*' ? '*' : [LOOPBACK_ORIGINS, ...readOriginList(options.cors ?? [], 'cors')],
    adminOrigins: readOriginList(options.adminCors ?? [], 'adminCors'),
  };
}
