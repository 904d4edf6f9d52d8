// GET /api/v1/account: the key's account with the calling key's permissions and whitelist
// (decision trading.account-fields).

import { formatSeedDate } from '../../domain/format-date.js';
import { defineOperation } from '../define-operation.js';

export const getAccount = defineOperation('trading', 'getAccount', ({ caller: { account, key } }) => ({
  id: account.id,
  name: account.name,
  permissions: [...key.permissions],
  ip_whitelist: [...key.ipWhitelist],
  created_at: formatSeedDate(account.createdAt),
}));
