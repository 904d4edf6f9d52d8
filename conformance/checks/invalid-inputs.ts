// Shared runner of the invalid-input checks: per operation, every spec-generated invalid case
// (as fast-check examples, so each is tried and a failure shrinks to the simplest one) must be
// answered 400. GET cases always; POST bodies only with --allow-writes, since a broken target
// that accepts one would act on it.
import type { CheckContext } from '../context.js';
import { CheckFailure } from '../check-failure.js';
import { checkProperty } from '../property.js';
import { casesArbitrary, invalidBodyCases } from '../arbitraries/invalid-body.js';
import { invalidOrdersQuery, invalidWalletQuery } from '../arbitraries/invalid-query.js';
import type { InvalidCase } from '../arbitraries/invalid-case.js';
import { TRADING_PATHS, orderMarket, validTradingBody } from '../valid-requests.js';
import { peerWallet } from '../wallet-peer.js';
import type { InterfaceName } from '../types.js';
import type { ScenarioOutput } from './check.js';

async function tradingCases(ctx: CheckContext): Promise<InvalidCase[][]> {
  const groups: InvalidCase[][] = [invalidOrdersQuery()];
  if (!ctx.allowWrites) return groups;
  const maxLeverage = orderMarket(ctx.facts).maxLeverage;
  for (const [operationId, path] of Object.entries(TRADING_PATHS)) {
    groups.push(invalidBodyCases('trading', operationId, path, validTradingBody(ctx.facts, operationId), { maxLeverage }));
  }
  return groups;
}

async function walletCases(ctx: CheckContext): Promise<InvalidCase[][]> {
  const own = ctx.facts.wallets[0];
  const groups: InvalidCase[][] = [invalidWalletQuery(own?.id)];
  if (!ctx.allowWrites) return groups;
  groups.push(invalidBodyCases('wallet', 'register', '/api/v1/register', { name: 'doppel invalid', email: `doppel-invalid-${ctx.nonce}@example.test`, password: 'pw' }));
  groups.push(invalidBodyCases('wallet', 'login', '/api/v1/login', { email: `doppel-nobody-${ctx.nonce}@example.test`, password: 'pw' }));
  if (ctx.wallet.key) groups.push(invalidBodyCases('wallet', 'createWallet', '/api/v1/wallets/create', { chain: ctx.facts.chains[0] ?? 'ethereum' }));
  const peer = own ? await peerWallet(ctx, own.chain) : undefined;
  if (own && peer && ctx.wallet.key) {
    groups.push(invalidBodyCases('wallet', 'sendFromWallet', `/api/v1/wallets/${own.id}/send`, { to_address: peer.address, amount: '0.00000001', token_id: null }));
  }
  return groups;
}

export async function runInvalidInputs(ctx: CheckContext, out: ScenarioOutput, iface: InterfaceName, keep: (basis: string) => boolean, name: string): Promise<void> {
  const groups = iface === 'trading' ? await tradingCases(ctx) : await walletCases(ctx);
  const key = iface === 'trading' ? ctx.trading.key : ctx.wallet.key;
  const header = iface === 'trading' ? 'API-KEY' : 'X-API-Key';
  for (const group of groups) {
    const cases = group.filter((c) => keep(c.basis) && (key !== undefined || c.operationId === 'register' || c.operationId === 'login' || c.operationId === 'getWalletPrices'));
    const first = cases[0];
    if (!first) continue;
    const failure = await checkProperty(`${name}:${first.operationId}`, ctx.seed, cases.length, casesArbitrary(cases), async (c) => {
      out.checked(c.operationId, iface);
      const ex = await ctx.send({
        iface,
        operationId: c.operationId,
        method: c.body !== undefined || c.rawBody !== undefined ? 'POST' : 'GET',
        path: c.path,
        query: c.query,
        headers: key !== undefined ? { [header]: key } : undefined,
        body: c.body,
        rawBody: c.rawBody,
      });
      if (ex.status !== 400) throw new CheckFailure(`${c.mutation} was answered ${ex.status}, expected 400 (${c.basis})`, ex);
    }, cases);
    if (failure) {
      out.fail({
        iface,
        operationId: failure.value.operationId,
        title: `${failure.value.mutation} → ${failure.exchange?.status ?? '?'}`,
        message: `${failure.problem}; shrunk case: ${JSON.stringify(failure.value.body ?? failure.value.rawBody ?? failure.value.query ?? failure.value.path)} (property seed ${failure.seed})`,
        exchange: failure.exchange,
      });
    }
  }
}

