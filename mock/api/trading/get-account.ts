// GET /api/v1/account: the key's account with the calling key's permissions and whitelist
// (decision trading.account-fields).

import type { Route } from '../../core/route.js';
import { formatSeedDate } from '../../domain/format-date.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';

export function getAccountRoute(model: TradingModel): Route {
  return keyedRoute(model, 'getAccount', ({ caller: { account, key } }) => ({
    id: account.id,
    name: account.name,
    permissions: [...key.permissions],
    ip_whitelist: [...key.ipWhitelist],
    created_at: formatSeedDate(account.createdAt),
  }));
}
