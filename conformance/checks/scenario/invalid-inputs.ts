// Shared runner of the invalid-input checks: per operation, every spec-generated invalid case is
// sent once and must be answered 400 (or, by the verdict, at least not accepted). GET cases always; POST bodies only with --allow-writes, since a broken target
// that accepts one would act on it.
import type { CheckContext } from '../../act/context.js';
import { invalidBodyCases } from '../../act/arbitraries/invalid-body.js';
import { invalidOrdersQuery, invalidWalletQuery } from '../../act/arbitraries/invalid-query.js';
import type { InvalidCase } from '../../act/arbitraries/invalid-case.js';
import { TRADE_OPERATIONS, orderMarket, validTradingBody } from '../../act/valid-requests.js';
import { peerWallet } from '../../act/wallet-peer.js';
import { nextPoolKey } from '../../act/wallet-keys.js';
import type { Exchange, InterfaceName } from '../../types.js';
import type { ScenarioOutput } from '../check.js';

/** A group of cases of one operation and the key they are sent with. */
interface Group {
  cases: InvalidCase[];
  key: string | undefined;
}

async function tradingCases(ctx: CheckContext): Promise<Group[]> {
  const key = ctx.trading.key;
  const groups: Group[] = [{ cases: invalidOrdersQuery(), key }];
  if (!ctx.allowWrites) return groups;
  const maxLeverage = orderMarket(ctx.facts).maxLeverage;
  for (const operationId of TRADE_OPERATIONS) {
    groups.push({ cases: invalidBodyCases('trading', operationId, validTradingBody(ctx.facts, operationId), { maxLeverage }), key });
  }
  return groups;
}

// Wallet groups go round the key pool (wallet-keys.ts): each pool user has a wallet of its own,
// and its own 60 requests a minute.
async function walletCases(ctx: CheckContext): Promise<Group[]> {
  const first = await nextPoolKey(ctx);
  const groups: Group[] = [{ cases: invalidWalletQuery(first?.walletId, ctx.decisions['wallet.transactions-paging#max-limit']), key: first?.key }];
  if (!ctx.allowWrites) return groups;
  groups.push({ cases: invalidBodyCases('wallet', 'register', { name: 'doppel invalid', email: `doppel-invalid-${ctx.nonce}@example.test`, password: 'pw' }), key: undefined });
  groups.push({ cases: invalidBodyCases('wallet', 'login', { email: `doppel-nobody-${ctx.nonce}@example.test`, password: 'pw' }), key: undefined });
  const creator = await nextPoolKey(ctx);
  if (creator) groups.push({ cases: invalidBodyCases('wallet', 'createWallet', { chain: ctx.facts.chains[0] ?? 'ethereum' }), key: creator.key });
  const sender = await nextPoolKey(ctx);
  const chain = ctx.facts.wallets[0]?.chain;
  const peer = chain ? await peerWallet(ctx, chain) : undefined;
  if (sender?.walletId !== undefined && peer) {
    groups.push({ cases: invalidBodyCases('wallet', 'sendFromWallet', { to_address: peer.address, amount: '0.00000001', token_id: null }, { params: { id: sender.walletId } }), key: sender.key });
  }
  return groups;
}

/** Which assertion an answer to an invalid case breaks, if any. */
export type Verdict = (c: InvalidCase, status: number) => string | undefined;

/** The usual verdict: anything but a 400 breaks the check's one assertion. */
export const expect400: Verdict = (_c, status) => (status === 400 ? undefined : '400');

export async function runInvalidInputs(ctx: CheckContext, out: ScenarioOutput, iface: InterfaceName, keep: (basis: string) => boolean, verdict: Verdict = expect400): Promise<void> {
  const groups = iface === 'trading' ? await tradingCases(ctx) : await walletCases(ctx);
  for (const { cases: group, key } of groups) {
    const cases = group.filter((c) => keep(c.basis) && (key !== undefined || c.operationId === 'register' || c.operationId === 'login' || c.operationId === 'getWalletPrices'));
    // Every case once; per assertion and operation the first one that breaks it is reported, with how many did.
    const failed = new Map<string, { c: InvalidCase; ex: Exchange; count: number; assertion: string }>();
    for (const c of cases) {
      const ex = await ctx.call(c.operationId, { key, params: c.params, query: c.query, body: c.body, rawBody: c.rawBody });
      out.checked(c.operationId, iface);
      const assertion = verdict(c, ex.status);
      if (assertion === undefined) continue;
      const k = `${assertion}:${c.operationId}`;
      const seen = failed.get(k);
      if (seen) seen.count++;
      else failed.set(k, { c, ex, count: 1, assertion });
    }
    for (const { c, ex, count, assertion } of failed.values()) {
      out.fail({
        iface,
        assertion,
        operationId: c.operationId,
        title: `${c.mutation} → ${ex.status}`,
        message: `${c.mutation} was answered ${ex.status}, expected 400 (${c.basis}); case: ${JSON.stringify(c.body ?? c.rawBody ?? c.query ?? c.params)}${count > 1 ? ` (and ${count - 1} more of ${c.operationId}'s invalid cases)` : ''}`,
        exchange: ex,
      });
    }
  }
}
