// POST /api/v1/register (seed §4): create a user; no key (decision wallet.auth-exemptions).

import type { Route } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { bodyOf } from './request-input.js';
import { walletRoute } from './wallet-route.js';

const OP = 'register';

export function registerRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'POST',
    path: '/api/v1/register',
    operationId: OP,
    handle(req) {
      const body = bodyOf<{ name: string; email: string; password: string }>(OP, req);
      const user = model.register({ name: body.name, email: body.email, password: body.password });
      // Decision wallet.register-semantics: 200 (not 201) and this message.
      return { body: { success: true, user_id: user.id, message: 'User registered successfully' } };
    },
  });
}
