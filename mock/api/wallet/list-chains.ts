// GET /api/v1/chains (seed wallet §4): the fixed chain table (decision wallet.chains); no key
// unless a profile says key-required (decision wallet.auth-exemptions).

import { CHAINS } from '../../domain/wallet/index.js';
import { defineOperation } from '../define-operation.js';
import { keptUnlessKeyRequired, requireKeyIfProfiled } from './public-by-profile.js';

export const listChains = defineOperation('wallet', 'listChains', ({ backend, req }) => {
  requireKeyIfProfiled(backend, req);
  return { chains: CHAINS.map(({ id, name, slug, symbol }) => ({ id, name, slug, symbol })) };
}, { cached: keptUnlessKeyRequired });
