// The admin routes both interfaces share (docs/MOCK-CONTRACT.md): reset and the virtual clock.
import type { Route } from '../core/index.js';
import { domainError } from '../domain/domain-error.js';
import { formatSeedDate } from '../domain/format-date.js';

export interface CommonAdminTarget {
  now(): number;
  /** Moves the shared clock forward and lets both interfaces process what fell due. */
  advance(ms: number): void;
  reset(): void;
}

// A day of virtual time at most per call keeps one request's catch-up work bounded; clients that
// need more call it again (the price walk and the due queues are stepped through, not skipped).
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

export function commonAdminRoutes(target: CommonAdminTarget): Route[] {
  const clockBody = () => ({ success: true, data: { now: formatSeedDate(target.now()), epoch_ms: target.now() } });
  return [
    {
      method: 'POST',
      path: '/__doppel/reset',
      operationId: 'adminReset',
      handle: () => {
        target.reset();
        return { body: { success: true, data: { reset: true } } };
      },
    },
    { method: 'GET', path: '/__doppel/clock', operationId: 'adminGetClock', handle: () => ({ body: clockBody() }) },
    {
      method: 'POST',
      path: '/__doppel/clock',
      operationId: 'adminAdvanceClock',
      handle: (req) => {
        const seconds = (req.body as { advance_seconds?: unknown } | undefined)?.advance_seconds;
        if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) {
          throw domainError.invalid_request(`advance_seconds must be an integer from 0 to ${MAX_ADVANCE_SECONDS}`);
        }
        target.advance(seconds * 1000);
        return { body: clockBody() };
      },
    },
  ];
}
