// Guards the admin API with a bearer token when one is configured (required off loopback).
import { timingSafeEqual } from 'node:crypto';
import type { FakeRequest } from '../core/index.js';
import { domainError } from '../domain/domain-error.js';

export function adminGuard(token: string | undefined): (req: FakeRequest) => void {
  if (!token) return () => {};
  const expected = Buffer.from(`Bearer ${token}`);
  return (req) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw domainError.unauthorized('the admin API requires Authorization: Bearer <admin token>');
    }
  };
}
