// A read of one resource answers that resource: GET /price/{symbol} a price entry of that symbol
// (trading §2 price entry, §4 "price for that symbol"); a wallet's balance the wallet's own symbol
// (wallet §2 Balance result, §4 wallets/{id}/balance), as its creation or a listing showed it.
import { defineStateCheck, seed } from '../check.js';
import { accepted, dataOf, idOf, named, pathParam, topOf } from '../../model/exchange-facts.js';

export const readsAnswerAsked = defineStateCheck({
  id: 'reads-answer-asked',
  title: 'a read of one resource answers that resource',
  assertions: [
    seed('price-symbol', ['trading §4 GET /api/v1/price/{symbol}', 'trading §2 Price entry.symbol'], 'the price of a symbol is that symbol\'s entry'),
    seed('balance-symbol', ['wallet §4 GET /api/v1/wallets/{id}/balance', 'wallet §2 Balance result.symbol'], 'a wallet\'s balance is in that wallet\'s symbol'),
  ],
  appliesTo: ['trading', 'wallet'],
  start: () => (ex, model, out) => {
    if (!accepted(ex)) return;
    if (ex.operationId === 'getPrice') {
      const asked = pathParam(ex);
      const symbol = dataOf(ex)['symbol'];
      if (asked === undefined) return;
      out.checked(ex, 'price-symbol');
      // Case aside: whether a lower-case path is matched is decision trading.symbol-case.
      if (typeof symbol !== 'string' || symbol.toUpperCase() !== asked.toUpperCase()) {
        out.fail({ assertion: 'price-symbol', title: `the price of ${asked} answers ${JSON.stringify(symbol)}`, message: `${named(ex)} asked for the price of ${asked} and answered the entry of ${JSON.stringify(symbol)}`, exchange: ex, requests: [ex] });
      }
      return;
    }
    if (ex.operationId !== 'getWalletBalance') return;
    const id = idOf(pathParam(ex, 'balance'));
    const w = id === undefined ? undefined : model.wallet.wallets.get(id);
    const shown = w?.created ?? w?.reads.at(-1)?.ex;
    if (!w || w.symbol === undefined || !shown) return;
    const symbol = topOf(ex, 'symbol');
    out.checked(ex, 'balance-symbol');
    if (symbol !== w.symbol) {
      out.fail({ assertion: 'balance-symbol', title: `the balance of a ${w.symbol} wallet is in ${JSON.stringify(symbol)}`, message: `${named(ex)} answered the balance of wallet ${w.id} in ${JSON.stringify(symbol)}; ${named(shown)} showed it as a ${w.symbol} wallet on ${String(w.chain)}`, exchange: ex, requests: [shown, ex] });
    }
  },
});
