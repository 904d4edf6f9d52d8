// The plan printed before a run with writes: what will be created or moved, and the largest amount.
import type { CheckContext } from './context.js';
import { orderMarket, restingBuyPrice, smallestAmount } from './valid-requests.js';

export function writePlan(ctx: CheckContext): string[] {
  const lines = ['Plan (--allow-writes):'];
  if (ctx.targets.trading && ctx.trading.key) {
    const m = orderMarket(ctx.facts);
    const trader = ctx.facts.traders[0];
    lines.push(
      `  trading: place spot/margin/futures limit orders of ${smallestAmount(m)}..3×${smallestAmount(m)} ${m.market}/${m.pair} at ${restingBuyPrice(ctx.facts, m)} (half the price, so they rest) and cancel the spot ones;`,
      `           binary bids of 1..3 ${m.pair}; copy up to 3 lead traders with their min_copy_amount + 2 USDT (largest ≈ ${trader ? Math.ceil(trader.minCopyAmount) + 2 : 12} USDT), then stop.`,
      '           only where GET /__doppel/clock answers (doppel\'s fake): an account from /__doppel/keys with 1000 USDT bids 1 and opens a',
      `           1-hour futures position of ${smallestAmount(m)} ${m.market}, then the fake's clock is moved 61 minutes so that both settle.`,
    );
  }
  if (ctx.targets.wallet) {
    lines.push('  wallet: register users doppel-*@example.test, create wallets for them;');
    if (ctx.wallet.key) lines.push('          send 0.00001..0.00005 of a native coin (largest 0.00005) from the --wallet-key wallet to such a wallet.');
  }
  return lines;
}
