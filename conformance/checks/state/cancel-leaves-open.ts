// A spot order whose cancel the target accepted is no longer open (trading §3 "open", §4
// "cancellation of a spot order"): no later listing shows it open or holds it under status=open.
// The cancel answers the order `cancelled`, and listings show it so (decision trading.cancel-semantics).
import { decision, defineStateCheck, seed } from '../check.js';
import { keyOf, queryOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { accepted, dataListOf, dataOf, idOf, named, overlapped, requestFieldsOf } from '../../model/exchange-facts.js';

export const cancelLeavesOpen = defineStateCheck({
  id: 'cancel-leaves-open',
  title: 'a cancelled order is no longer open',
  assertions: [
    seed('not-open', ['trading §4 POST /api/v1/spot/cancel', 'trading §3 bullet 1'], 'no listing after an accepted cancel shows the order open'),
    decision('cancelled', 'trading.cancel-semantics', 'the cancel and every later listing show the order `cancelled`'),
  ],
  appliesTo: ['trading'],
  needs: (ctx) => writesSkip(ctx, 'trading'),
  start: () => (ex, model, out) => {
    if (ex.operationId === 'cancelSpotOrder' && accepted(ex)) {
      const id = idOf(requestFieldsOf(ex)['order_id']);
      const status = dataOf(ex)['status'];
      out.checked(ex, 'cancelled');
      if (status !== 'cancelled') out.fail({ assertion: 'cancelled', title: `a cancel answers the order ${JSON.stringify(status)}`, message: `${named(ex)} accepted the cancel of order ${String(id)} and answered it ${JSON.stringify(status)}, not "cancelled"`, exchange: ex, requests: [ex] });
      return;
    }
    if (ex.operationId !== 'listOrders' || !accepted(ex)) return;
    const key = keyOf(ex);
    const account = key === undefined ? undefined : model.trading.accounts.get(key);
    if (!account) return;
    const filter = queryOf(ex).get('status');
    const listed = new Map(dataListOf(ex).map((e) => [idOf(e['id']), e] as const));
    for (const order of account.orders.values()) {
      const cancel = order.cancelled;
      if (!cancel || overlapped(cancel, ex)) continue;
      const entry = listed.get(order.id);
      if (!entry) continue;
      out.checked(ex, 'not-open');
      if (entry['status'] === 'open' || filter === 'open') {
        out.fail({ assertion: 'not-open', title: 'a cancelled order is still listed open', message: `order ${order.id}, cancelled by ${named(cancel)}, is listed ${filter === 'open' ? 'under status=open' : 'open'} by ${named(ex)}`, exchange: ex, requests: [cancel, ex] });
        continue;
      }
      out.checked(ex, 'cancelled');
      if (entry['status'] !== 'cancelled') out.fail({ assertion: 'cancelled', title: `a cancelled order is listed ${JSON.stringify(entry['status'])}`, message: `order ${order.id}, cancelled by ${named(cancel)}, is listed ${JSON.stringify(entry['status'])} by ${named(ex)}`, exchange: ex, requests: [cancel, ex] });
    }
  },
});
