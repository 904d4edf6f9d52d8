// What every scenario check gets: options, the recording client, keys and discovered facts.
import type { DecisionValues } from '../../spec/decision-points.js';
import type { Facts } from './facts.js';
import type { CallOptions, RequestSpec } from '../exchange/operation-request.js';
import type { Client } from '../exchange/transport.js';
import type { Exchange, InterfaceName } from '../types.js';

export interface FreshWalletTarget {
  url: string;
  key: string;
  close(): Promise<void>;
  /**
   * Its exchanges' judge: another deployment is another stream, so it has a judge of its own (the
   * observers only: what it shows of the decision points counts for the run).
   */
  see?: ((exchange: Exchange) => void) | undefined;
}

export interface CheckContext {
  seed: number;
  runs: number;
  allowWrites: boolean;
  rateLimit: boolean;
  /** --concurrency N: the race checks fire N overlapping requests; undefined: no race check runs. */
  concurrency?: number | undefined;
  /** The target is doppel's embedded fake (every check counts, writes are on). */
  embedded: boolean;
  client: Client;
  targets: Partial<Record<InterfaceName, string>>;
  /** ipLockedKey: a key whose whitelist excludes the checker's address (--trading-ip-locked-key). */
  trading: { key: string | undefined; readKey: string | undefined; ipLockedKey?: string | undefined };
  /** key: the --wallet-key whose wallets the checks read and send from; extraKeys: further --wallet-key values. */
  wallet: { key: string | undefined; extraKeys: string[] };
  /** A run-unique tag for e-mails of users the checker registers. */
  nonce: string;
  facts: Facts;
  /**
   * A wallet target and key whose per-key limit is untouched, for the 429 check: a second embedded
   * fake with the default limit, or (foreign) undefined, then the check logs in a new user.
   */
  freshWalletTarget: (() => Promise<FreshWalletTarget>) | undefined;
  /** Sends one request to an operation; method and path come from spec/. */
  call(operationId: string, options?: CallOptions): Promise<Exchange>;
  /** Sends a request as given (unknown paths, for the 404 checks). */
  send(spec: RequestSpec): Promise<Exchange>;
  /** Runs fn once per key and shares its result between checks (e.g. the 401 exchanges). */
  memo<T>(key: string, fn: () => Promise<T>): Promise<T>;
  log(line: string): void;
  /** Registers a secret the run learned (a login token), masked in every report. */
  secret(value: string, base: string, what: string): void;
  /** What decision checks expect at each decision point: --profile's values, else doppel's. */
  decisions: Readonly<DecisionValues>;
}

export function has(ctx: CheckContext, iface: InterfaceName): boolean {
  return ctx.targets[iface] !== undefined;
}
