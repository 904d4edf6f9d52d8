// The requests without a key and with an invalid key to every authenticated operation, shared by
// the 401 checks. Safe without --allow-writes: each must be rejected before any effect.
import { operations, type Operation } from '../../../spec/index.js';
import type { CheckContext } from '../../run/context.js';
import type { Exchange, InterfaceName } from '../../types.js';
import { validTradingBody } from '../../run/valid-requests.js';

export interface AuthProbe {
  op: Operation;
  missing: Exchange;
  invalid: Exchange;
}

function fillPath(ctx: CheckContext, op: Operation): string {
  const walletId = ctx.facts.wallets[0]?.id ?? 1;
  return op.path.replace('{id}', String(walletId)).replace('{symbol}', 'BTC');
}

function bodyFor(ctx: CheckContext, op: Operation): unknown {
  if (op.method === 'GET') return undefined;
  if (op.iface === 'trading') return validTradingBody(ctx.facts, op.operationId);
  if (op.operationId === 'createWallet') return { chain: ctx.facts.chains[0] ?? 'ethereum' };
  if (op.operationId === 'sendFromWallet') return { to_address: ctx.facts.wallets[0]?.address ?? 'x', amount: '0.00000001', token_id: null };
  return {};
}

export function authProbes(ctx: CheckContext, iface: InterfaceName): Promise<AuthProbe[]> {
  return ctx.memo(`auth-probes:${iface}`, async () => {
    const header = iface === 'trading' ? 'API-KEY' : 'X-API-Key';
    const out: AuthProbe[] = [];
    for (const op of operations(iface).filter((o) => o.secured)) {
      const base = { iface, operationId: op.operationId, method: op.method as 'GET' | 'POST', path: fillPath(ctx, op), body: bodyFor(ctx, op) };
      const missing = await ctx.send(base);
      const invalid = await ctx.send({ ...base, headers: { [header]: `doppel-invalid-${ctx.nonce}` } });
      out.push({ op, missing, invalid });
    }
    return out;
  });
}
