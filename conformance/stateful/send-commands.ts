// Model-based command for wallet sends: the balance drops by exactly the amount (no fee is
// documented: wallet.limits) and the transaction appears in the history (wallet §4).
import type fc from 'fast-check';
import { CheckFailure } from '../check-failure.js';
import { formatUnits, toUnits } from '../decimal.js';
import type { CheckContext } from '../context.js';
import { obj } from '../json-shape.js';

export interface SendReal {
  ctx: CheckContext;
  key: string;
  walletId: number;
  to: string;
}

export interface SendModel {
  sent: string[];
}

async function balance(real: SendReal): Promise<bigint> {
  const ex = await real.ctx.call('getWalletBalance', { key: real.key, params: { id: real.walletId } });
  const units = toUnits(obj(ex.json)['balance']);
  if (ex.status !== 200 || units === undefined) throw new CheckFailure(`balance of wallet ${real.walletId} answered ${ex.status}`, ex);
  return units;
}

export class Send implements fc.AsyncCommand<SendModel, SendReal> {
  constructor(readonly amount: string) {}
  check = () => true;
  async run(model: SendModel, real: SendReal): Promise<void> {
    const before = await balance(real);
    const sent = await real.ctx.call('sendFromWallet', { key: real.key, params: { id: real.walletId }, body: { to_address: real.to, amount: this.amount, token_id: null } });
    const hash = obj(sent.json)['tx_hash'];
    if (sent.status !== 200 || typeof hash !== 'string') throw new CheckFailure(`sending ${this.amount} answered ${sent.status}: ${sent.bodyText.slice(0, 160)}`, sent);
    model.sent.push(hash);
    const after = await balance(real);
    const expected = toUnits(this.amount) as bigint;
    if (before - after !== expected) throw new CheckFailure(`sending ${this.amount} lowered the balance by ${formatUnits(before - after)}`, sent);
    const history = await real.ctx.call('listWalletTransactions', { key: real.key, params: { id: real.walletId }, query: { limit: '100' } });
    const list = obj(history.json)['transactions'];
    const tx = (Array.isArray(list) ? list : []).map(obj).find((t) => t['tx_hash'] === hash);
    if (!tx) throw new CheckFailure(`transaction ${hash} is missing from the wallet's history`, history);
    if (toUnits(tx['amount']) !== expected) throw new CheckFailure(`transaction ${hash} lists amount ${String(tx['amount'])}, sent ${this.amount}`, history);
  }
  toString = () => `Send(${this.amount})`;
}
