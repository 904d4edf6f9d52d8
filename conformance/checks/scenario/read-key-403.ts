// Trading §5.5-5.6: endpoints marked trade need the trade permission, copy start and stop included
// (§5.5 names them); a read-only key gets 403 on every one, whatever order or lead trader its request
// names: it may not use the operation at all, so a 404 for what its account lacks is as wrong as a
// success. Only a request the spec refuses may meet another guard first (an invalid body's 400 before
// the permission: decision trading.guard-order, judged by trading-guard-order). The read key still
// reads what §5.3 and the §4 rows marked read give it. Needs --trading-read-key; sent only with writes
// allowed, because a target that wrongly accepts the request would place the order.
import { getOperation, operations } from '../../../spec/index.js';
import { defineScenarioCheck, seed } from '../check.js';
import { keyOf, postIsValid } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { TRADE_OPERATIONS, validTradingBody } from '../../act/valid-requests.js';
import { named } from '../../model/exchange-facts.js';
import { readOnly } from '../../model/trading-model.js';

/** What a read key reads (trading §5.3: account, balances, orders, prices; §5.5: every row marked read). */
const READS = ['getAccount', 'getBalances', 'listOrders', 'listCopyTraders', 'getPrices'];

const tradeRows = TRADE_OPERATIONS.map((id) => `trading §4 ${getOperation('trading', id).method} ${getOperation('trading', id).path}`);
const readRows = READS.filter((id) => getOperation('trading', id).permission === 'read').map((id) => `trading §4 ${getOperation('trading', id).method} ${getOperation('trading', id).path}`);

export const readKey403 = defineScenarioCheck({
  id: 'read-key-403',
  title: '403 for a read-only key on every trade operation',
  assertions: [
    seed('reads', ['trading §5.3', 'trading §5.5', 'trading §5.1', ...readRows], 'a read-only key reads the account, its balances and orders, the lead traders and the prices'),
    seed('403', ['trading §5.5', 'trading §5.6', 'trading §7 403', ...tradeRows], 'a read-only key with a valid request gets 403 on every trade operation, copy start and stop and spot cancel included, whatever order or lead trader it names (never 404 or a success)'),
  ],
  appliesTo: ['trading'],
  // Any stream: a trade operation refused with 403 is a case; so is a valid trade request of a key
  // whose own account info lists read and not trade, which fails unless answered 403 (401: the key
  // is no longer valid; a 429 or a 5xx says nothing of the permission).
  passive: {
    start: () => (ex, model, out) => {
      const key = keyOf(ex);
      if (ex.iface !== 'trading' || ex.operationId === null || key === undefined) return;
      if (getOperation('trading', ex.operationId).permission !== 'trade') return;
      if (ex.status === 403) return out.checked(ex, '403');
      const info = model.trading.accounts.get(key)?.info;
      if (!readOnly(info) || !postIsValid(ex) || ex.status === 401 || ex.status === 429 || ex.status >= 500) return;
      out.checked(ex, '403');
      out.fail({ assertion: '403', title: `read-only key → ${ex.status}`, message: `${named(ex)} with a key that ${named(info)} shows read-only answered ${ex.status}, expected 403 (trading §5.5, §5.6)`, exchange: ex, requests: [info, ex] });
    },
  },
  skip: (ctx) =>
    !has(ctx, 'trading') ? 'no trading target' : !ctx.trading.readKey ? 'no --trading-read-key given' : !ctx.allowWrites ? 'writes not allowed (--allow-writes; a broken target would trade)' : undefined,
  async run(ctx, out) {
    const key = ctx.trading.readKey as string;
    for (const operationId of READS) {
      const read = await ctx.call(operationId, { key });
      out.checked(operationId, 'trading', 'reads');
      if (read.status !== 200) out.fail({ assertion: 'reads', operationId, title: `read key → ${read.status}`, message: `a read key must read ${operationId} (trading §5.3, §5.5), got ${read.status}`, exchange: read });
    }
    for (const operationId of TRADE_OPERATIONS) {
      const ex = await ctx.call(operationId, { key, body: validTradingBody(ctx.facts, operationId) });
      out.checked(operationId, 'trading', '403');
      if (ex.status !== 403) out.fail({ assertion: '403', operationId, title: `read key → ${ex.status}`, message: `a read-only key on ${operationId}, a trade operation, with a valid body got ${ex.status}, expected 403 (trading §5.5, §5.6)`, exchange: ex });
    }
  },
});
