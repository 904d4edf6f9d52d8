// GET /api/v1/markets: the tradeable pairs with their limits (decision trading.market-fields).

import { MARKETS } from '../../domain/trading/index.js';
import { defineOperation } from '../define-operation.js';
import { presentMarket } from './present.js';

export const getMarkets = defineOperation('trading', 'getMarkets', () => MARKETS.map(presentMarket));
