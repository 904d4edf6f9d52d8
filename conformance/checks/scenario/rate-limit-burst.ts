// The burst of wallet requests on one key shared by the 429 checks: on a fresh embedded fake with
// the default limit, on a newly logged-in user (writes), or on --wallet-key. The limit counts in
// fixed one-minute windows (decision wallet.rate-limit-scope), so a burst whose window ended
// midway may rightly meet no 429: it goes on to 121 requests, of which two windows hold at most
// 120, and only a burst within one minute is judged. Whether a window ended is read from the
// target's own answers and the burst's times, never assumed from how fast the checker ran.
import type { CheckContext } from '../../act/context.js';
import { dateHeaderMs } from '../../exchange/dates.js';
import { retryAfterSeconds } from '../../exchange/exchange-readers.js';
import { requestFor } from '../../exchange/operation-request.js';
import { Client } from '../../exchange/transport.js';
import type { Exchange } from '../../types.js';
import { registerUser } from '../../act/wallet-peer.js';

/** The documented limit (wallet §8): requests per key and minute. */
export const LIMIT = 60;
const WINDOW_MS = 60_000;

export interface Burst {
  exchanges: Exchange[];
  fresh: boolean;
  /** Why no 429 among them says nothing: a window of the limit may have ended while they were sent. */
  unjudged: string | undefined;
}

/** From the first request's start to the last one's end, in ms (the checker's clock). */
export const spanOf = (exchanges: readonly Exchange[]): number => Math.max(...exchanges.map((ex) => ex.endedAt)) - Math.min(...exchanges.map((ex) => ex.startedAt));

/**
 * Why a window of the limit may have ended while these requests, on a key fresh at the first of
 * them, were answered; undefined when they all fell in the key's first window. A window may end:
 * a minute after the key's first request (they took a minute or more), at the turn of the
 * target's minute (their Date headers lie in two minutes), or when a 429 said it would (a request
 * ended after that 429's Retry-After, rounded up to whole seconds, less one second).
 */
export function windowTurn(exchanges: readonly Exchange[]): string | undefined {
  if (exchanges.length === 0) return undefined;
  const span = spanOf(exchanges);
  if (span >= WINDOW_MS) return `the ${exchanges.length} requests took ${(span / 1000).toFixed(1)} s, longer than a window`;
  const minutes = new Set(exchanges.map((ex) => dateHeaderMs(ex.responseHeaders)).filter((ms) => ms !== undefined).map((ms) => Math.floor(ms / WINDOW_MS)));
  if (minutes.size > 1) return `the target's Date headers of the ${exchanges.length} requests lie in ${minutes.size} minutes`;
  const last = Math.max(...exchanges.map((ex) => ex.endedAt));
  for (const refused of exchanges) {
    if (refused.status === 429 && !stillLimited(refused, last)) return `a request ended after the Retry-After of ${refused.responseHeaders['retry-after'] ?? '(none)'} s a 429 gave`;
  }
  return undefined;
}

/**
 * Whether a request that ended at `endedAt` was surely answered while the key was still over the
 * limit that `refused` (a 429) told of: its window ends no sooner than the Retry-After (whole
 * seconds, rounded up) less one second after the 429's request started. False without Retry-After.
 */
export function stillLimited(refused: Exchange, endedAt: number): boolean {
  const seconds = retryAfterSeconds(refused);
  return seconds !== undefined && endedAt < refused.startedAt + (seconds - 1) * 1000;
}

/** Sends listWallets on key until a 429 or `most` requests, stopping early where `enough` says. */
export async function spend(send: (spec: ReturnType<typeof requestFor>) => Promise<Exchange>, key: string, most: number, enough: (sent: Exchange[]) => boolean = () => false): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  while (exchanges.length < most) {
    const ex = await send(requestFor('listWallets', { key, keep429: true }));
    exchanges.push(ex);
    if (ex.status === 429 || enough(exchanges)) break;
  }
  return exchanges;
}

export function burst(ctx: CheckContext): Promise<Burst | undefined> {
  return ctx.memo('rate-limit-burst', async () => {
    let client = ctx.client;
    let key: string | undefined;
    let fresh = true;
    let close: (() => Promise<void>) | undefined;
    if (ctx.freshWalletTarget) {
      const target = await ctx.freshWalletTarget();
      client = new Client({ bases: { wallet: target.url } });
      key = target.key;
      close = async () => {
        await client.close();
        await target.close();
      };
    } else if (ctx.allowWrites) {
      key = (await registerUser(ctx, 'ratelimit'))?.token;
    }
    if (key === undefined) {
      key = ctx.wallet.key;
      fresh = false;
    }
    if (key === undefined) return undefined;
    let exchanges: Exchange[];
    try {
      // A fresh key's 61 requests within its first window are enough; else 121 (a key in use may be
      // midway through a window).
      exchanges = await spend((spec) => client.send(spec), key, 2 * LIMIT + 1, (sent) => fresh && sent.length === LIMIT + 1 && windowTurn(sent) === undefined);
    } finally {
      if (client !== ctx.client) ctx.client.exchanges.push(...client.exchanges);
      await close?.();
    }
    const span = spanOf(exchanges);
    const unjudged = exchanges.some((ex) => ex.status === 429) || exchanges.length <= LIMIT + 1 || span < WINDOW_MS ? undefined : `the ${exchanges.length} requests took ${(span / 1000).toFixed(1)} s: windows of the limit may have ended among them`;
    return { exchanges, fresh, unjudged };
  });
}
