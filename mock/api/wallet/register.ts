// POST /api/v1/register (seed wallet §4): create a user; no key (decision wallet.auth-exemptions).

import { defineOperation } from '../define-operation.js';
import { withStatus } from '../status-error.js';

export const register = defineOperation(
  'wallet',
  'register',
  ({ body, backend }) => {
    let user;
    try {
      user = backend.register({ name: body.name, email: body.email, password: body.password });
    } catch (error) {
      // Decision wallet.register-semantics#duplicate-status: a registered e-mail answers the profile's status.
      return withStatus(error, 'conflict', backend.decisions['wallet.register-semantics#duplicate-status']);
    }
    // Decision wallet.register-semantics: 200 (not 201) and the message of its decision point.
    return { user_id: user.id, message: backend.decisions['wallet.register-semantics'] };
  },
  { status: (backend) => backend.decisions['wallet.register-semantics#status'] },
);
