// The requests every authenticated operation must refuse, shared by the 401 checks: no key, an
// invalid key, this interface's valid key in the other interface's header only (trading §5.1
// API-KEY, wallet §5.1 X-API-Key: a deployment reading either header accepts it), and a valid key
// of the other interface in this interface's header. Without a key nothing can have an effect; a valid key in the wrong
// place would have one on a broken target, so those go to write operations only with
// --allow-writes (as read-key-403's do). A key of the other interface is an invalid key here
// (trading §5.6; wallet §5.2 names the values X-API-Key takes).
import { operations, type Operation } from '../../../spec/index.js';
import type { CheckContext } from '../../act/context.js';
import type { Exchange, InterfaceName } from '../../types.js';
import { validTradingBody } from '../../act/valid-requests.js';
import { KEY_HEADER } from '../../exchange/operation-request.js';

export interface AuthProbe {
  op: Operation;
  missing: Exchange;
  invalid: Exchange;
  /** This interface's valid key in the other interface's header, and none in its own. */
  wrongHeader?: Exchange | undefined;
  /** A valid key of the other interface in this interface's header. */
  otherKey?: Exchange | undefined;
}

const OTHER: Record<InterfaceName, InterfaceName> = { trading: 'wallet', wallet: 'trading' };

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

/** A valid key of the interface the run was given (the trade key, else the read key). */
export function validKeyOf(ctx: CheckContext, iface: InterfaceName): string | undefined {
  return iface === 'trading' ? (ctx.trading.key ?? ctx.trading.readKey) : ctx.wallet.key;
}

export function authProbes(ctx: CheckContext, iface: InterfaceName): Promise<AuthProbe[]> {
  return ctx.memo(`auth-probes:${iface}`, async () => {
    const header = KEY_HEADER[iface];
    const own = validKeyOf(ctx, iface);
    const other = validKeyOf(ctx, OTHER[iface]);
    const out: AuthProbe[] = [];
    for (const op of operations(iface).filter((o) => o.secured)) {
      const base = { iface, operationId: op.operationId, method: op.method as 'GET' | 'POST', path: fillPath(ctx, op), body: bodyFor(ctx, op) };
      const missing = await ctx.send(base);
      const invalid = await ctx.send({ ...base, headers: { [header]: `doppel-invalid-${ctx.nonce}` } });
      const effects = op.method !== 'GET' && !ctx.allowWrites;
      const wrongHeader = own !== undefined && !effects ? await ctx.send({ ...base, headers: { [KEY_HEADER[OTHER[iface]]]: own } }) : undefined;
      // Equal keys (one credential for both interfaces) say nothing about the header.
      const otherKey = other !== undefined && other !== own && !effects ? await ctx.send({ ...base, headers: { [header]: other } }) : undefined;
      out.push({ op, missing, invalid, wrongHeader, otherKey });
    }
    return out;
  });
}

/** The probes of one operation with what each sent, for the checks' messages. */
export function probeCases(probe: AuthProbe, iface: InterfaceName): { what: string; assertion: 'missing' | 'wrong-header' | 'other-key'; ex: Exchange }[] {
  const header = KEY_HEADER[iface];
  const cases: { what: string; assertion: 'missing' | 'wrong-header' | 'other-key'; ex: Exchange | undefined }[] = [
    { what: `no ${header}`, assertion: 'missing', ex: probe.missing },
    { what: `an invalid ${header}`, assertion: 'missing', ex: probe.invalid },
    { what: `a valid ${iface} key in ${KEY_HEADER[OTHER[iface]]} instead of ${header}`, assertion: 'wrong-header', ex: probe.wrongHeader },
    { what: `a valid ${OTHER[iface]} key in ${header}`, assertion: 'other-key', ex: probe.otherKey },
  ];
  return cases.filter((c): c is { what: string; assertion: 'missing' | 'wrong-header' | 'other-key'; ex: Exchange } => c.ex !== undefined);
}
