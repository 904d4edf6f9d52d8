// The explorer: the requests that drive the state checks (whose judge sees every exchange). Run
// after the facts and before the scenario checks.
import type { CheckContext } from '../../act/context.js';
import { exploreTrading } from './explore-trading.js';
import { exploreWallet } from './explore-wallet.js';

export async function explore(ctx: CheckContext): Promise<void> {
  if (ctx.targets.trading) await exploreTrading(ctx);
  if (ctx.targets.wallet) await exploreWallet(ctx);
}
