// Guards the admin API with a bearer token when one is configured (required off loopback).
import type { FakeRequest } from '../core/index.js';
import { constantTimeEqual } from '../domain/constant-time-equal.js';
import { domainError } from '../domain/domain-error.js';

const utf8 = new TextEncoder();

export function adminGuard(token: string | undefined): (req: FakeRequest) => void {
  if (!token) return () => {};
  const expected = utf8.encode(`Bearer ${token}`);
  return (req) => {
    if (!constantTimeEqual(utf8.encode(req.headers.authorization ?? ''), expected)) {
      throw domainError.unauthorized('the admin API requires Authorization: Bearer <admin token>');
    }
  };
}
