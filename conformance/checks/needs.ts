// Why a response check can expect no answer of its kind: the reasons shown for "not exercised".
import type { CheckContext } from '../act/context.js';

export function needsTradingKey(ctx: CheckContext): string | undefined {
  return ctx.trading.key === undefined && ctx.trading.readKey === undefined ? 'no --trading-key given' : undefined;
}

export function needsWalletData(ctx: CheckContext): string | undefined {
  if (ctx.wallet.key === undefined) return 'no --wallet-key given';
  return ctx.facts.wallets.length === 0 ? 'the --wallet-key user has no wallet' : undefined;
}
