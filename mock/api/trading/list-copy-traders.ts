// GET /api/v1/copy/traders: the active lead traders (seed trading §3), by id.

import { defineOperation } from '../define-operation.js';
import { presentTrader } from './present.js';

export const listCopyTraders = defineOperation('trading', 'listCopyTraders', ({ backend }) =>
  backend.activeTraders().map((t) => ({ ...presentTrader(t), status: 'active' as const })),
);
