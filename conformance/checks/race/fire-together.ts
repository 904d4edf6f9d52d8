// How a race check sends: its requests started together and held back by the last byte of their
// bodies until every one is written, then released at once (exchange/operation-request.ts Hold),
// so that they are in flight together however slowly the checker's process, busy or not,
// connected and wrote them; or, for a longer burst, at most --concurrency at a time. Each answer
// is kept as it is (a 429 is not waited out and retried: a retry would not be the request that
// overlapped). Each exchange carries its start and end times, which is what the history judge
// orders by. Requests that were not all in flight together raced nothing: the check is tried
// again, and after ATTEMPTS tries it says so (not exercised), never a pass.
import type { CheckContext } from '../../act/context.js';
import type { RequestSpec } from '../../exchange/operation-request.js';
import { requestFor, type CallOptions } from '../../exchange/operation-request.js';
import { epochNow } from '../../exchange/exchange.js';
import { named } from '../../model/exchange-facts.js';
import type { Exchange, InterfaceName } from '../../types.js';
import { defineScenarioCheck, type ScenarioCheck } from '../check.js';
import { writesSkip } from '../writes-skip.js';

/** The --concurrency of the run (0 when not given: no race check runs). */
export const concurrencyOf = (ctx: CheckContext): number => ctx.concurrency ?? 0;

/** Why a race check on this interface does not run: no writes allowed there, or no --concurrency N asked for. */
export const raceSkip = (ctx: CheckContext, iface: 'trading' | 'wallet'): string | undefined =>
  writesSkip(ctx, iface) ?? (concurrencyOf(ctx) < 2 ? 'not asked for (--concurrency N)' : undefined);

/** How long held requests wait for the last of them to be written before they are released anyway. */
const HOLD_MS = 5_000;

/** Tries of a race check whose requests were not all in flight together. */
export const ATTEMPTS = 3;

/** The requests of one firing raced nothing: not all in flight at once, or a window of the rate limit ended among them. */
export class NotRaced extends Error {
  constructor(
    readonly exchanges: readonly Exchange[],
    why: string,
  ) {
    super(why);
    this.name = 'NotRaced';
  }
}

/**
 * Sends every request at once, each held by its last byte until all are written; the exchanges in
 * the order of the requests. Throws NotRaced when they were not all in flight together: one
 * was not written within HOLD_MS, had no body to hold, or was answered before the release.
 */
export async function fireTogether(ctx: CheckContext, specs: readonly RequestSpec[]): Promise<Exchange[]> {
  await warmConnections(ctx, specs);
  let releaseAll = (): void => {};
  const release = new Promise<void>((resolve) => (releaseAll = resolve));
  let held = 0;
  let waiting = specs.length;
  const sends = specs.map((spec) => {
    let told = false;
    // Held, or ended (a failure, a body too short to hold): either way the others wait no longer for it.
    const arrived = (isHeld: boolean) => (): void => {
      if (told) return;
      told = true;
      if (isHeld) held++;
      if (--waiting === 0) releaseAll();
    };
    return ctx.send({ ...spec, keep429: true, hold: { ready: arrived(true), release } }).finally(arrived(false));
  });
  const all = Promise.all(sends);
  all.catch(() => {});
  const deadline = setTimeout(releaseAll, HOLD_MS);
  await release;
  clearTimeout(deadline);
  // Before the last bytes are written (the held bodies resume after this), in the same turn of the event loop.
  const releasedAt = epochNow();
  const wasHeld = held;
  const exchanges = await all;
  const early = exchanges.filter((ex) => ex.endedAt <= releasedAt);
  if (wasHeld < specs.length) throw new NotRaced(exchanges, `${specs.length - wasHeld} of the ${specs.length} requests were not written within ${HOLD_MS / 1000} s of the first, or had no body to hold back`);
  if (early.length) throw new NotRaced(exchanges, `${early.map(named).join(', ')} answered before the last of the ${specs.length} requests was sent`);
  return exchanges;
}

/** A public read of each interface, exempt from the wallet's limit (wallet.rate-limit-scope). */
const WARM: Readonly<Record<InterfaceName, string>> = { trading: 'getMarkets', wallet: 'listChains' };

/**
 * As many public reads at once as requests of each interface, so that the connections the
 * requests then take are open and accepted: a server accepts a new connection when its event loop
 * comes round to it, one at a time between the requests it handles, so requests on new
 * connections reach it one by one however together they were sent.
 */
async function warmConnections(ctx: CheckContext, specs: readonly RequestSpec[]): Promise<void> {
  const ifaces = specs.map((spec) => spec.iface);
  await Promise.all(ifaces.map((iface) => ctx.call(WARM[iface] as string)));
}

/** The same operation called n times at once with the same options. */
export function callTogether(ctx: CheckContext, n: number, operationId: string, options: CallOptions): Promise<Exchange[]> {
  return fireTogether(ctx, Array.from({ length: n }, () => requestFor(operationId, options)));
}

/** The most exchanges in flight at one moment (by the checker's clock). */
export function mostInFlight(exchanges: readonly Exchange[]): number {
  const events = exchanges.flatMap((ex) => [[ex.startedAt, 1] as const, [ex.endedAt, -1] as const]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, step] of events) most = Math.max(most, (now += step));
  return most;
}

/**
 * Sends the requests with at most `width` in flight: a burst as fast as the target answers. Throws
 * NotRaced when no two of them were in flight at one moment (the checker's process too slow to
 * keep two lanes busy).
 */
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
  if (specs.length > 1 && mostInFlight(out) < 2) throw new NotRaced(out, `no two of the ${specs.length} requests were in flight at one moment`);
  return out;
}

/**
 * A race check: a scenario check run again, up to ATTEMPTS times, while its requests raced
 * nothing (NotRaced); then not exercised, with the reason. Its run throws NotRaced before it
 * judges anything.
 */
export function defineRaceCheck(check: Parameters<typeof defineScenarioCheck>[0]): ScenarioCheck {
  return defineScenarioCheck({
    ...check,
    async run(ctx, out) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await check.run(ctx, out);
        } catch (error) {
          if (!(error instanceof NotRaced)) throw error;
          if (attempt >= ATTEMPTS) return out.notExercised(`its requests raced nothing in ${ATTEMPTS} tries (the last: ${error.message})`);
          ctx.log(`  … ${check.id}: its requests raced nothing (${error.message}); trying again (${attempt + 1} of ${ATTEMPTS})`);
        }
      }
    },
  });
}
