// The trading account a race check trades on: one the checker creates with the USDT it needs where
// the target lets it (doppel's fake: POST /__doppel/keys), so that a race moves nothing of anyone
// else's; else (`fallback`) the --trading-key, for races that only lock what the run's own writes
// already lock (a copy of min_copy_amount, one smallest resting order).
import type { CheckContext } from '../../act/context.js';
import { obj } from '../../exchange/json-shape.js';

// The admin API of doppel's fake (docs/reference/admin-api.md); a deployment does not have it.
const KEYS = '/__doppel/keys';

export interface RaceAccount {
  key: string;
  /** Whether the checker created it (its whole balance is the checker's). */
  own: boolean;
}

export async function raceAccount(ctx: CheckContext, usdt: string, fallback: boolean): Promise<RaceAccount | undefined> {
  const created = await ctx.send({ iface: 'trading', operationId: null, method: 'POST', path: KEYS, body: { name: 'doppel check race', balances: [{ currency: 'USDT', balance: usdt }] } });
  const key = obj(obj(created.json)['data'])['key'];
  if (created.status === 200 && typeof key === 'string') {
    ctx.secret(key, 'DOPPEL_RACE_KEY', `key of an account the checker created through ${KEYS}`);
    return { key, own: true };
  }
  return fallback && ctx.trading.key ? { key: ctx.trading.key, own: false } : undefined;
}
