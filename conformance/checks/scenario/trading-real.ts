// The real side of the trading model-based commands: requests with the trade key and the reads
// the commands compare against.
import type { CheckContext } from '../../act/context.js';
import { CheckFailure } from '../../act/check-failure.js';
import { toUnits } from '../../exchange/decimal.js';
import { obj } from '../../exchange/json-shape.js';
import type { Exchange } from '../../types.js';

export interface TradingReal {
  ctx: CheckContext;
  key: string;
}

export async function post(real: TradingReal, operationId: string, body: unknown): Promise<Exchange> {
  return real.ctx.call(operationId, { key: real.key, body });
}

export async function listOrders(real: TradingReal, query: Record<string, string>): Promise<{ ex: Exchange; orders: Record<string, unknown>[] }> {
  const ex = await real.ctx.call('listOrders', { key: real.key, query: { limit: '100', ...query } });
  const data = obj(ex.json)['data'];
  return { ex, orders: Array.isArray(data) ? (data as Record<string, unknown>[]) : [] };
}

/** Available USDT over all chains (trading §3: copying locks USDT from the caller's wallet). */
export async function availableUsdt(real: TradingReal): Promise<{ ex: Exchange; units: bigint }> {
  const ex = await real.ctx.call('getBalances', { key: real.key });
  if (ex.status !== 200) throw new CheckFailure(`balances answered ${ex.status}`, ex);
  let units = 0n;
  const data = obj(ex.json)['data'];
  for (const entry of Array.isArray(data) ? data : []) {
    if (obj(entry)['currency'] === 'USDT') units += toUnits(obj(entry)['balance']) ?? 0n;
  }
  return { ex, units };
}

export function expectOk(ex: Exchange, what: string): Record<string, unknown> {
  if (ex.status !== 200) throw new CheckFailure(`${what} answered ${ex.status}: ${ex.bodyText.slice(0, 160)}`, ex);
  return obj(obj(ex.json)['data']);
}
