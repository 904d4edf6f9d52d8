// The admin routes both interfaces share (docs/MOCK-CONTRACT.md): the virtual clock (reset is the
// whole fake's: reset-route.ts).
import type { AdminRoute } from '../core/index.js';
import { domainError } from '../domain/domain-error.js';
import { formatSeedDate } from '../domain/format-date.js';

export interface CommonAdminTarget {
  now(): number;
  /** Moves the shared clock forward and lets both interfaces process what fell due. */
  advance(ms: number): void;
}

// A year of virtual time at most per call keeps one request's catch-up work bounded; clients that
// need more call it again (the price walk and the due queues are stepped through, not skipped).
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

/** The one time format of every admin view: the seed's `YYYY-MM-DD HH:MM:SS` UTC, plus epoch ms. */
export function clockView(now: number): { now: string; epoch_ms: number } {
  return { now: formatSeedDate(now), epoch_ms: now };
}

export function commonAdminRoutes(target: CommonAdminTarget): AdminRoute[] {
  return [
    { method: 'GET', path: '/__doppel/clock', operationId: 'adminGetClock', handle: () => clockView(target.now()) },
    {
      method: 'POST',
      path: '/__doppel/clock',
      operationId: 'adminAdvanceClock',
      handle: ({ body }) => {
        const seconds = (body as { advance_seconds?: unknown } | undefined)?.advance_seconds;
        if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
          throw domainError.invalid_request(`advance_seconds must be an integer from 0 to ${MAX_ADVANCE_SECONDS}`);
        }
        target.advance(seconds * 1000);
        return clockView(target.now());
      },
    },
  ];
}
