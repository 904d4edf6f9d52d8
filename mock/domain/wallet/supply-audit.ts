// Conservation check: per asset, balances + pending + exported = deposited: total supply is
// conserved, nothing a send, fail or export does creates or destroys funds.

import type { Dec } from '../decimal.js';
import { chainBySlug } from './chains.js';
import { tokenById } from './tokens.js';
import { assetKey, type WalletState } from './wallet-state.js';

export interface AssetSupply {
  /** Sum of all wallet balances of the asset. */
  balances: Dec;
  /** Debited from senders, not yet credited or exported (in flight). */
  pending: Dec;
  /** Confirmed sends to addresses outside the fake. */
  exported: Dec;
  /** Every deposit ever made (demo funding included). */
  deposited: Dec;
}

/** Keyed "chain:SYMBOL". O(wallets + transfers): for tests and GET /__doppel/state, not the request path. */
export function auditSupply(state: WalletState): Map<string, AssetSupply> {
  const out = new Map<string, AssetSupply>();
  const entry = (key: string): AssetSupply => {
    let e = out.get(key);
    if (e === undefined) out.set(key, (e = { balances: 0n, pending: 0n, exported: 0n, deposited: 0n }));
    return e;
  };
  for (const [key, amount] of state.supply.deposited) entry(key).deposited += amount;
  for (const [key, amount] of state.supply.exported) entry(key).exported += amount;
  for (const t of state.transfers.values()) {
    if (t.status === 'pending') entry(assetKey(t.chain, t.symbol)).pending += t.amount;
  }
  for (const w of state.wallets.values()) {
    entry(assetKey(w.chain, chainBySlug(w.chain)?.symbol ?? '?')).balances += w.native;
    for (const [tokenId, amount] of w.tokens) entry(assetKey(w.chain, tokenById(tokenId)?.symbol ?? '?')).balances += amount;
  }
  return out;
}
