// A wallet starts empty (decision wallet.create-semantics): the first listing of a wallet the
// target created, nothing sent to it and nothing read of it before, shows balance 0. That it is on
// the chain asked for, keeps its chain, address and symbol and stays listed is the resource graph's
// (resource-relations: wallet.unchanging, wallet.stays-listed, wallet.symbol-derived).
import { toUnits } from '../../exchange/decimal.js';
import { decision, defineStateCheck } from '../check.js';
import { keyOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { accepted, idOf, named, overlapped, topOf } from '../../model/exchange-facts.js';

export const walletStartsEmpty = defineStateCheck({
  id: 'wallet-starts-empty',
  title: 'a created wallet starts empty',
  assertions: [decision('empty', 'wallet.create-semantics', "a new wallet's balance is 0 until something is sent to it")],
  appliesTo: ['wallet'],
  needs: (ctx) => writesSkip(ctx, 'wallet'),
  start: () => (ex, model, out) => {
    const key = keyOf(ex);
    if (!accepted(ex) || ex.operationId !== 'listWallets' || key === undefined) return;
    const listed = new Map(arr(topOf(ex, 'wallets')).map(obj).map((w) => [idOf(w['id']), w] as const));
    for (const id of model.wallet.createdBy.get(key) ?? []) {
      const known = model.wallet.wallets.get(id);
      const created = known?.created;
      const entry = listed.get(id);
      if (!known || !created || !entry || overlapped(created, ex) || known.reads.length > 0 || known.received.length > 0) continue;
      out.checked(ex);
      if (toUnits(entry['balance']) !== 0n) out.fail({ title: 'a new wallet is not empty', message: `wallet ${id}, created by ${named(created)}, is listed by ${named(ex)} with balance ${JSON.stringify(entry['balance'])}, nothing sent to it`, exchange: ex, requests: [created, ex] });
    }
  },
});
