// The object a test holds (`const doppel = useDoppel()`): one fake of both interfaces for this test
// file or worker, in process or a namespace of a shared `doppel mock`, with its clock, faults and
// journal. Framework-free: doppel/vitest, doppel/jest and doppel/playwright hand it out and reset
// it between tests; the journal matchers read it (toolkits/journal-matchers.ts).
import type { RequestHandler } from 'msw';
import { createFake, createHandlers, DEFAULT_BASE_URLS, type Fake, type FakeOptions, type FaultRule, type FaultRuleInput, type FetchLike, type JournalEntry, type JournalFilter } from '../mock/index.js';
import { isAdminPath } from '../mock/core/cors.js';
import { durationMs, type Duration } from './duration.js';

export interface DoppelBase {
  /** The namespace this fake is (X-Doppel-Namespace); `default` in process. */
  readonly namespace: string;
  /** Base URLs of the two interfaces, for the client under test. */
  readonly urls: { readonly trading: string; readonly wallet: string };
  /** Headers that select this namespace, for a client that sends its requests itself ({} in process). */
  readonly headers: Readonly<Record<string, string>>;
  /** fetch to this fake: fake.fetch in process; the global fetch with the namespace header when shared. */
  readonly fetch: FetchLike;
  readonly clock: {
    /** Virtual time, epoch ms. */
    now(): Promise<number>;
    /** Moves the virtual clock forward (`'1h'`, `'90s'`, or ms) and settles what fell due; the new time. */
    advance(by: Duration): Promise<number>;
  };
  /** Fault rules (README "Fault injection"), limited to this namespace. */
  readonly faults: {
    add(rule: FaultRuleInput): Promise<FaultRule>;
    /** Removes every rule of this namespace; how many. */
    clear(): Promise<number>;
  };
  /** Demo data, an empty journal, no fault rules: what each test starts from. */
  reset(): Promise<void>;
}

export interface InProcessDoppel extends DoppelBase {
  readonly mode: 'in-process';
  /** The fake itself (createFake), for what the handle does not cover (models, snapshots). */
  readonly fake: Fake;
  /** The requests the client sent (doppel's own /__doppel/ requests left out), newest first; all of them without a limit. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** msw request handlers over this fake at its base URLs (msw is loaded on first use). */
  handlers(): Promise<RequestHandler[]>;
}

export interface SharedDoppel extends DoppelBase {
  readonly mode: 'shared';
  /** The requests the client sent to this namespace (doppel's own left out), newest first. */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** Drops the namespace on the server (its state is gone). */
  drop(): Promise<void>;
}

export type Doppel = InProcessDoppel | SharedDoppel;

/** The client's requests (doppel's own admin calls left out, by the gateway's rule), newest first. */
export const clientRequests = (entries: JournalEntry[], limit = Infinity): JournalEntry[] => entries.filter((e) => !isAdminPath(e.route ?? e.path)).slice(0, limit);

/** A fake of its own in this process: createFake (manual clock unless told otherwise). */
export function inProcessDoppel(options: FakeOptions = {}): InProcessDoppel {
  const fake = createFake(options);
  const urls = { trading: options.baseUrls?.trading ?? DEFAULT_BASE_URLS.trading, wallet: options.baseUrls?.wallet ?? DEFAULT_BASE_URLS.wallet };
  return {
    mode: 'in-process',
    namespace: 'default',
    urls,
    headers: {},
    fake,
    fetch: fake.fetch,
    clock: {
      now: async () => fake.clock.now(),
      advance: async (by) => {
        fake.advance(durationMs(by));
        return fake.clock.now();
      },
    },
    faults: { add: async (rule) => fake.faults.add(rule), clear: async () => fake.faults.remove() as number },
    async reset() {
      fake.reset();
      fake.clearRequests();
      fake.faults.remove();
    },
    requests: ({ limit, ...filter } = {}) => clientRequests(fake.requests({ ...filter, namespace: 'default', limit: Infinity }), limit),
    handlers: () => createHandlers(fake, { tradingBaseUrl: urls.trading, walletBaseUrl: urls.wallet }),
  };
}
