// POST /api/v1/login (seed wallet §4): a new token usable as X-API-Key (decision wallet.login-token).

import { defineOperation } from '../define-operation.js';
import { wireUser } from './wire.js';

export const login = defineOperation('wallet', 'login', ({ body, backend }) => {
  const { token, user } = backend.login(body.email, body.password);
  return { token, user: wireUser(user) };
});
