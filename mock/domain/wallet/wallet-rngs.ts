// The wallet fake's random streams, one per purpose, forked from the seed (mock/domain/rng.ts).

import { createRng, type Rng } from '../rng.js';

export interface WalletRngs {
  salts: Rng;
  keys: Rng;
  addresses: Rng;
  hashes: Rng;
}

/**
 * Separate streams so that, e.g., one more login does not shift every later wallet address:
 * a reset re-creates them and replays the same state from the same seed.
 */
export function createWalletRngs(seed: number): WalletRngs {
  const root = createRng(seed).fork('wallet');
  return {
    salts: root.fork('password-salts'),
    keys: root.fork('api-keys'),
    addresses: root.fork('addresses'),
    hashes: root.fork('tx-hashes'),
  };
}
