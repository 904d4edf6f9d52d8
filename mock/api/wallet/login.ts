// POST /api/v1/login (seed wallet §4): a new token usable as X-API-Key (decision wallet.login-token).

import { defineOperation } from '../define-operation.js';
import { withTemplate } from '../status-error.js';
import { wireUser } from './wire.js';

export const login = defineOperation('wallet', 'login', ({ body, backend }) => {
  try {
    const { token, user } = backend.login(body.email, body.password);
    return { token, user: wireUser(user) };
  } catch (error) {
    // Decision wallet.login-token#failure-message: the profile's text of a failed login.
    return withTemplate(error, 'unauthorized', backend.decisions['wallet.login-token#failure-message']);
  }
});
