// Which rule makes a mutation invalid: the seed (trading §4 field types and allowed values, §8
// minimum leverage and limit, §7 "400 bad request, invalid parameters"; wallet §4 field types) or a
// doppel decision.
import type { InterfaceName } from '../../../spec/index.js';

export type MutationKind =
  | 'wrong-type'
  | 'missing'
  | 'below-minimum'
  | 'above-maximum'
  | 'enum'
  | 'malformed-decimal'
  | 'decimal-precision'
  | 'unknown-symbol'
  | 'unknown-chain'
  | 'not-json'
  | 'not-object';

// Enums the trading seed spells out in full (§4): side, order_type, direction.
const SEED_ENUMS = new Set(['side', 'order_type', 'direction']);

export function mutationBasis(iface: InterfaceName, operationId: string, kind: MutationKind, field: string | null): string {
  if (iface === 'wallet') {
    // Wallet §4 gives the body fields' types (strings, a decimal amount, an integer or null token_id) in a JSON body.
    if (kind === 'wrong-type' || kind === 'malformed-decimal' || kind === 'not-json' || kind === 'not-object') return 'seed wallet §4';
    if (kind === 'unknown-chain') return 'decision:wallet.create-semantics';
    if (operationId === 'sendFromWallet' && field === 'token_id') return 'decision:wallet.tokens';
    return 'decision:wallet.status-codes';
  }
  switch (kind) {
    case 'wrong-type':
    case 'malformed-decimal':
    case 'not-json':
    case 'not-object':
      return 'seed trading §4, §7';
    case 'enum':
      if (field !== null && SEED_ENUMS.has(field)) return 'seed trading §4, §7';
      return field === 'duration_minutes' ? 'decision:trading.binary-durations' : 'decision:trading.required-fields';
    case 'below-minimum':
      if (field === 'leverage') return 'seed trading §8';
      if (field === 'duration_hours') return 'decision:trading.futures-duration';
      if (field === 'copy_amount') return 'decision:trading.copy-semantics';
      return 'decision:trading.required-fields';
    case 'above-maximum':
      return field === 'duration_hours' ? 'decision:trading.futures-duration' : 'decision:trading.market-fields';
    case 'decimal-precision':
    case 'missing':
      return 'decision:trading.required-fields';
    case 'unknown-symbol':
      return 'decision:trading.market-fields';
    case 'unknown-chain':
      return 'decision:wallet.create-semantics';
  }
}
