// POST /api/v1/wallets/create (seed wallet §4): a new empty wallet on a chain (decision
// wallet.create-semantics; its status is the point wallet.create-semantics#status).

import { defineOperation } from '../define-operation.js';
import { wireNewWallet } from './wire.js';

export const createWallet = defineOperation(
  'wallet',
  'createWallet',
  ({ caller, body, backend }) => ({ wallet: wireNewWallet(backend.createWallet(caller.userId, body.chain)) }),
  { status: (backend) => backend.decisions['wallet.create-semantics#status'] },
);
