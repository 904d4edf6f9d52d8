// A wallet the target created is on the chain asked for (wallet §4 wallets/create: chain), and is in
// every later wallets listing of the key that created it with that chain and address (wallet §4
// "the caller's wallets"); its symbol is its chain's native symbol as /chains lists it and it starts
// empty (decision wallet.create-semantics).
import { toUnits } from '../../exchange/decimal.js';
import { decision, defineStateCheck, seed } from '../check.js';
import { keyOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { accepted, idOf, named, overlapped, requestFieldsOf, topOf } from '../../model/exchange-facts.js';

export const walletCreatedListed = defineStateCheck({
  id: 'wallet-created-listed',
  title: 'a created wallet is on the chain asked for and listed with it',
  assertions: [
    seed('chain', ['wallet §4 POST /api/v1/wallets/create', 'wallet §2 Wallet.chain', 'wallet §2 Chain.slug'], 'the created wallet is on the chain the request asked for'),
    seed('listed', ['wallet §4 GET /api/v1/wallets', 'wallet §2 Wallet.address'], 'a created wallet is in every later wallets listing of its key, with its chain and address'),
    decision('symbol', 'wallet.create-semantics', 'its symbol is its chain\'s native symbol as /chains lists it'),
    decision('empty', 'wallet.create-semantics', 'a new wallet\'s balance is 0 until something is sent to it'),
  ],
  appliesTo: ['wallet'],
  needs: (ctx) => writesSkip(ctx, 'wallet'),
  start: () => (ex, model, out) => {
    if (!accepted(ex)) return;
    if (ex.operationId === 'createWallet') {
      const asked = requestFieldsOf(ex)['chain'];
      const w = obj(topOf(ex, 'wallet'));
      if (typeof asked !== 'string') return;
      out.checked(ex, 'chain');
      if (w['chain'] !== asked) out.fail({ assertion: 'chain', title: `a wallet asked on ${asked} was created on ${JSON.stringify(w['chain'])}`, message: `${named(ex)} asked for a wallet on ${asked} and answered wallet ${String(w['id'])} on ${JSON.stringify(w['chain'])}`, exchange: ex, requests: [ex] });
      const symbol = model.wallet.chains.get(asked);
      if (symbol !== undefined) {
        out.checked(ex, 'symbol');
        if (w['symbol'] !== symbol) out.fail({ assertion: 'symbol', title: `a ${asked} wallet has symbol ${JSON.stringify(w['symbol'])}`, message: `${named(ex)} created wallet ${String(w['id'])} on ${asked} with symbol ${JSON.stringify(w['symbol'])}; /chains lists ${asked}'s symbol as ${symbol}`, exchange: ex, requests: [ex] });
      }
      return;
    }
    if (ex.operationId !== 'listWallets') return;
    const key = keyOf(ex);
    const listed = new Map(arr(topOf(ex, 'wallets')).map(obj).map((w) => [idOf(w['id']), w] as const));
    for (const id of key === undefined ? [] : (model.wallet.createdBy.get(key) ?? [])) {
      const known = model.wallet.wallets.get(id);
      const created = known?.created;
      if (!known || !created || overlapped(created, ex)) continue;
      const asked = requestFieldsOf(created)['chain'];
      const entry = listed.get(id);
      out.checked(ex, 'listed');
      if (!entry) {
        out.fail({ assertion: 'listed', title: 'a created wallet is missing from the caller\'s wallets', message: `wallet ${id}, created on ${String(asked)} by ${named(created)}, is missing from ${named(ex)} (${listed.size} listed)`, exchange: ex, requests: [created, ex] });
        continue;
      }
      const wrong = [['chain', asked], ['address', known.address]].filter(([field, want]) => want !== undefined && entry[field as string] !== want);
      if (wrong.length) {
        out.fail({ assertion: 'listed', title: 'a created wallet is listed on another chain or address', message: `wallet ${id}, created by ${named(created)} on ${String(asked)} at ${String(known.address)}, is listed by ${named(ex)} with ${wrong.map(([f]) => `${f} ${JSON.stringify(entry[f as string])}`).join(', ')}`, exchange: ex, requests: [created, ex] });
      }
      // The first read of a wallet nothing was sent to (decision wallet.create-semantics: it starts at 0).
      if (known.reads.length === 0 && known.received.length === 0) {
        out.checked(ex, 'empty');
        const balance = toUnits(entry['balance']);
        if (balance !== 0n) out.fail({ assertion: 'empty', title: 'a new wallet is not empty', message: `wallet ${id}, created by ${named(created)}, is listed by ${named(ex)} with balance ${JSON.stringify(entry['balance'])}, nothing sent to it`, exchange: ex, requests: [created, ex] });
      }
    }
  },
});
