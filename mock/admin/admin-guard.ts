// Guards the admin API with a bearer token when one is configured (required off loopback).
import { timingSafeEqual } from 'node:crypto';
import type { FakeRequest, Route } from '../core/index.js';
import { domainError } from '../domain/domain-error.js';

export const ADMIN_PREFIX = '/__doppel/';

export function adminGuard(token: string | undefined): (req: FakeRequest, route: Route) => void {
  if (!token) return () => {};
  const expected = Buffer.from(`Bearer ${token}`);
  return (_req, route) => {
    if (!route.path.startsWith(ADMIN_PREFIX)) return;
    const given = Buffer.from(_req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw domainError.unauthorized('the admin API requires Authorization: Bearer <admin token>');
    }
  };
}
