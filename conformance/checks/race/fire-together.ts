// How a race check sends: its requests started together (all in flight at once, or at most
// --concurrency at a time for a longer burst), each answer kept as it is (a 429 is not waited out
// and retried: a retry would not be the request that overlapped). Each exchange carries its start
// and end times, which is what the history judge orders by.
import type { CheckContext } from '../../act/context.js';
import type { RequestSpec } from '../../exchange/operation-request.js';
import { requestFor, type CallOptions } from '../../exchange/operation-request.js';
import type { Exchange } from '../../types.js';
import { writesSkip } from '../writes-skip.js';

/** The --concurrency of the run (0 when not given: no race check runs). */
export const concurrencyOf = (ctx: CheckContext): number => ctx.concurrency ?? 0;

/** Why a race check on this interface does not run: no writes allowed there, or no --concurrency N asked for. */
export const raceSkip = (ctx: CheckContext, iface: 'trading' | 'wallet'): string | undefined =>
  writesSkip(ctx, iface) ?? (concurrencyOf(ctx) < 2 ? 'not asked for (--concurrency N)' : undefined);

/** Sends every request at once; the exchanges in the order of the requests. */
export function fireTogether(ctx: CheckContext, specs: readonly RequestSpec[]): Promise<Exchange[]> {
  return Promise.all(specs.map((spec) => ctx.send({ ...spec, keep429: true })));
}

/** The same operation called n times at once with the same options. */
export function callTogether(ctx: CheckContext, n: number, operationId: string, options: CallOptions): Promise<Exchange[]> {
  return fireTogether(ctx, Array.from({ length: n }, () => requestFor(operationId, options)));
}

/** Sends the requests with at most `width` in flight: a burst as fast as the target answers. */
export async function fireInFlight(send: (spec: RequestSpec) => Promise<Exchange>, specs: readonly RequestSpec[], width: number): Promise<Exchange[]> {
  const out: Exchange[] = new Array(specs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < specs.length) {
      const i = next++;
      out[i] = await send({ ...(specs[i] as RequestSpec), keep429: true });
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, specs.length) }, lane));
  return out;
}
