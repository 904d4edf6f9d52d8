// The common skip reason of the stateful trading and wallet checks.
import type { CheckContext } from '../act/context.js';
import { has } from '../act/context.js';
import type { InterfaceName } from '../types.js';

export function writesSkip(ctx: CheckContext, iface: InterfaceName): string | undefined {
  if (!has(ctx, iface)) return `no ${iface} target`;
  if (iface === 'trading' && !ctx.trading.key) return 'no --trading-key given';
  if (!ctx.allowWrites) return 'writes not allowed (--allow-writes)';
  return undefined;
}

/** Sequences per stateful property: a tenth of --runs, at least 3. */
export const sequences = (ctx: CheckContext): number => Math.max(3, Math.floor(ctx.runs / 10));
