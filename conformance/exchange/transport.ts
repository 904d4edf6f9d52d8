// undici client that records every exchange, the answer's bytes as they came; waits out 429s
// (counted as "throttled", each judged as the answer it is) unless asked not to, and turns
// connection problems into TransportError with a hint on what to fix. An answer that stops before
// its end (the connection closed or went quiet mid-body) is the target's: an exchange, cut off.
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { blamedOnPrevious, overrunOf, watched } from './connection-watch.js';
import { createKeyBudget, delay, type KeyBudget } from './key-budget.js';
import { cutOffBy, epochNow, recordExchange } from './exchange.js';
import { findOperation, type Hold, type RequestSpec } from './operation-request.js';
import type { Exchange, InterfaceName } from '../types.js';

export class TransportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * The run was interrupted (SIGINT, SIGTERM: ClientOptions.signal): every request and wait after it
 * throws this. A TransportError, so that whatever lets a connection problem end the run (a
 * property, a scenario check) lets this end it too, and the run writes what it has, marked partial.
 */
export class RunInterrupted extends TransportError {
  constructor(reason: string) {
    super('INTERRUPTED', `the run was interrupted (${reason})`);
    this.name = 'RunInterrupted';
  }
}

export interface ClientOptions {
  bases: Partial<Record<InterfaceName, string>>;
  /** Per-key budget for wallet requests with X-API-Key; undefined = no client-side budget. */
  walletKeyBudget?: number | undefined;
  /** Told when a request waits on the budget (ms). */
  onBudgetWait?: ((ms: number, key: string) => void) | undefined;
  /** Told before every other wait (a 429's Retry-After, pause()), with its length and reason: the run prints it. */
  onWait?: ((ms: number, why: string) => void) | undefined;
  /** Aborted: the run was interrupted; requests and waits then throw RunInterrupted. */
  signal?: AbortSignal | undefined;
  /** Told of each exchange as it is recorded (the judge). */
  onExchange?: ((exchange: Exchange) => void) | undefined;
  /** Longest Retry-After the client waits before giving up on a 429 (seconds). */
  maxRetryAfterSeconds?: number | undefined;
  timeoutMs?: number | undefined;
}

export class Client {
  readonly exchanges: Exchange[] = [];
  throttled = 0;
  /** Time spent waiting on the wallet budget. */
  budgetWaitMs = 0;
  private readonly agent: Agent;
  private readonly budget: KeyBudget | undefined;

  constructor(private readonly options: ClientOptions) {
    const timeout = options.timeoutMs ?? 15_000;
    this.agent = new Agent({ headersTimeout: timeout, bodyTimeout: timeout, connect: { timeout } });
    const onWait = (ms: number, key: string): void => {
      this.budgetWaitMs += ms;
      options.onBudgetWait?.(ms, key);
    };
    const sleep = async (ms: number): Promise<void> => {
      await delay(ms, options.signal);
      this.throwIfInterrupted();
    };
    this.budget = options.walletKeyBudget === undefined ? undefined : createKeyBudget(options.walletKeyBudget, Date.now, sleep, onWait);
  }

  /** Throws RunInterrupted once the run's signal aborted. */
  throwIfInterrupted(): void {
    const signal = this.options.signal;
    if (signal?.aborted) throw new RunInterrupted(typeof signal.reason === 'string' ? signal.reason : 'aborted');
  }

  /** Waits ms, told first (onWait: a line on stderr with the reason and the time); an interruption ends it at once. */
  async pause(ms: number, why: string): Promise<void> {
    this.throwIfInterrupted();
    this.options.onWait?.(ms, why);
    await delay(ms, this.options.signal);
    this.throwIfInterrupted();
  }

  /** A client of other targets (a fresh embedded fake), told of its exchanges by `onExchange`; no budget. */
  withBases(bases: ClientOptions['bases'], onExchange?: ClientOptions['onExchange']): Client {
    return new Client({ ...this.options, bases, walletKeyBudget: undefined, onExchange });
  }

  /** The wallet budget per key and minute, and what each key used of it at most; undefined without a budget. */
  budgetUsage(): { perMinute: number; keys: { key: string; peak: number }[] } | undefined {
    return this.budget && this.options.walletKeyBudget !== undefined ? { perMinute: this.options.walletKeyBudget, keys: this.budget.peaks() } : undefined;
  }

  base(iface: InterfaceName): string {
    const base = this.options.bases[iface];
    if (!base) throw new Error(`no ${iface} target configured`);
    return base;
  }

  async send(spec: RequestSpec): Promise<Exchange> {
    let throttled = 0;
    const maxWait = this.options.maxRetryAfterSeconds ?? 61;
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.once(spec, throttled);
      // A 429 waited out is an answer too (its Content-Type, its body are judged), not a request lost.
      this.exchanges.push(exchange);
      this.options.onExchange?.(exchange);
      if (exchange.status !== 429 || spec.keep429 || attempt >= 2) return exchange;
      // Without --rate-limit a 429 is not a finding: wait as told (bounded) and retry.
      const retryAfter = Number(exchange.responseHeaders['retry-after'] ?? '1');
      const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, maxWait) : 1;
      throttled++;
      this.throttled++;
      await this.pause(seconds * 1000, `the ${spec.iface} interface answered 429 to ${spec.method} ${new URL(exchange.url).pathname} (Retry-After: ${exchange.responseHeaders['retry-after'] ?? 'none, 1 s'}); then try ${attempt + 2} of 3`);
    }
  }

  private async once(spec: RequestSpec, throttled: number): Promise<Exchange> {
    this.throwIfInterrupted();
    const url = new URL(spec.path, this.base(spec.iface));
    for (const [k, v] of Object.entries(spec.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json', ...(spec.headers ?? {}) };
    let requestBody: string | undefined = spec.rawBody;
    if (requestBody === undefined && spec.body !== undefined) requestBody = JSON.stringify(spec.body);
    if (requestBody !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    // Only operations behind the key count against its limit (wallet.rate-limit-scope).
    const walletKey = spec.iface === 'wallet' && (spec.operationId === null || findOperation(spec.operationId).secured) ? headers['X-API-Key'] : undefined;
    if (this.budget && walletKey !== undefined && !spec.keep429) await this.budget.take(walletKey);
    const startedAt = epochNow();
    // A held body is sent as two pieces, so its length goes in a header (not recorded: curl adds it).
    const held = spec.hold && requestBody !== undefined && Buffer.byteLength(requestBody) > 1 ? Buffer.from(requestBody) : undefined;
    const { result, watch } = watched(`${spec.method} ${url.pathname}`, () =>
      request(url, {
        method: spec.method,
        headers: held ? { ...headers, 'content-length': String(held.length) } : headers,
        // undici sends an async iterable as it yields (its types list only a Readable, which reads ahead).
        body: held ? (heldBody(held, spec.hold as Hold) as unknown as Readable) : requestBody,
        dispatcher: this.agent,
        ...(this.options.signal ? { signal: this.options.signal } : {}),
      }),
    );
    let res: Awaited<typeof result>;
    try {
      res = await result;
    } catch (error) {
      this.throwIfInterrupted();
      throw connectionProblem(spec.iface, url, error, blamedOnPrevious(watch, error));
    }
    // The bytes as they come, so that an answer cut short keeps what did come.
    const chunks: Buffer[] = [];
    let cutOff: string | undefined;
    try {
      for await (const chunk of res.body) chunks.push(chunk as Buffer);
    } catch (error) {
      this.throwIfInterrupted();
      cutOff = cutOffBy(error);
    }
    const length = res.headers['content-length'];
    const exchange = recordExchange({
      seq: this.exchanges.length + 1,
      iface: spec.iface,
      method: spec.method,
      url: url.toString(),
      requestHeaders: headers,
      requestBody,
      status: res.statusCode,
      responseHeaders: res.headers,
      body: Buffer.concat(chunks),
      startedAt,
      endedAt: epochNow(),
      throttled,
      cutOff,
      overrun: overrunOf(watch, typeof length === 'string' ? length : undefined),
    });
    watch.label = `#${exchange.seq} ${spec.method} ${url.pathname}`;
    return exchange;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** The body but its last byte; the last byte once the hold is released. */
async function* heldBody(bytes: Buffer, hold: Hold): AsyncGenerator<Buffer> {
  yield bytes.subarray(0, -1);
  // undici asks for the next piece once it wrote this one to the socket.
  hold.ready();
  await hold.release;
  yield bytes.subarray(-1);
}

/** `cause`: what the target did, when that explains the error (the bytes of its previous answer). */
function connectionProblem(iface: InterfaceName, url: URL, error: unknown, cause?: string): TransportError {
  const code = (error as { code?: string }).code ?? (error as Error).name ?? 'UNKNOWN';
  // The target's fault, not the connection's: --trading-url is not what to fix.
  if (cause) return new TransportError(code, `the ${iface} interface at ${url.origin} answered ${url.pathname} unreadably: ${cause}`);
  const flag = iface === 'trading' ? '--trading-url' : '--wallet-url';
  const hint =
    code === 'ECONNREFUSED'
      ? `nothing listens at ${url.origin}; start the service (e.g. \`doppel mock\`) or fix ${flag}`
      : code === 'ENOTFOUND'
        ? `the host ${url.hostname} does not resolve; fix ${flag}`
        : code.includes('TIMEOUT')
          ? `${url.origin} did not answer in time; check ${flag} and the network`
          : `check ${flag}`;
  return new TransportError(code, `cannot reach the ${iface} interface at ${url.origin} (${code}: ${(error as Error).message}); ${hint}`);
}
