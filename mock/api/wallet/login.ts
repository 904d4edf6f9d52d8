// POST /api/v1/login (seed §4): a new token usable as X-API-Key (decision wallet.login-token).

import type { Route } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { bodyOf } from './request-input.js';
import { walletRoute } from './wallet-route.js';
import { wireUser } from './wire.js';

const OP = 'login';

export function loginRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'POST',
    path: '/api/v1/login',
    operationId: OP,
    handle(req) {
      const body = bodyOf<{ email: string; password: string }>(OP, req);
      const { token, user } = model.login(body.email, body.password);
      return { body: { success: true, token, user: wireUser(user) } };
    },
  });
}
