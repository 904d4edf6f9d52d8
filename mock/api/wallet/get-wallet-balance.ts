// GET /api/v1/wallets/{id}/balance (seed wallet §4): native balance and its USD value (decision wallet.usd-value).

import { formatDec8 } from '../../domain/decimal.js';
import { chainOf } from '../../domain/wallet/index.js';
import { defineOperation } from '../define-operation.js';

export const getWalletBalance = defineOperation('wallet', 'getWalletBalance', ({ caller, params, backend }) => {
  const wallet = backend.walletOf(caller.userId, params.id);
  return { balance: formatDec8(wallet.native), symbol: chainOf(wallet).symbol, usd_value: formatDec8(backend.usdValue(wallet)) };
});
