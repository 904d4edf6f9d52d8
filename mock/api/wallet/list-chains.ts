// GET /api/v1/chains (seed wallet §4): the fixed chain table (decision wallet.chains); no key.

import { CHAINS } from '../../domain/wallet/index.js';
import { defineOperation } from '../define-operation.js';

export const listChains = defineOperation('wallet', 'listChains', () => ({
  chains: CHAINS.map(({ id, name, slug, symbol }) => ({ id, name, slug, symbol })),
}));
