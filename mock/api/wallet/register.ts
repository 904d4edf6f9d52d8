// POST /api/v1/register (seed wallet §4): create a user; no key (decision wallet.auth-exemptions).

import { defineOperation } from '../define-operation.js';

export const register = defineOperation('wallet', 'register', ({ body, backend }) => {
  const user = backend.register({ name: body.name, email: body.email, password: body.password });
  // Decision wallet.register-semantics: 200 (not 201) and the message of its decision point.
  return { user_id: user.id, message: backend.decisions['wallet.register-semantics'] };
});
