// Model-based command for wallet sends: the balance drops by exactly the amount (no fee is
// documented: wallet.limits) and every transaction appears in the history (wallet §4). Each send
// costs two requests of the key's 60 a minute (wallet §8): the balance after one send is the
// balance before the next, and the history is read once per sequence (checkHistory).
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
  /** tx_hash → amount sent. */
  sent: Map<string, string>;
  /** The balance last read, in 1e-8 units (undefined before the first read). */
  balance: bigint | undefined;
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
    const before = model.balance ?? (await balance(real));
    const sent = await real.ctx.call('sendFromWallet', { key: real.key, params: { id: real.walletId }, body: { to_address: real.to, amount: this.amount, token_id: null } });
    const hash = obj(sent.json)['tx_hash'];
    if (sent.status !== 200 || typeof hash !== 'string') throw new CheckFailure(`sending ${this.amount} answered ${sent.status}: ${sent.bodyText.slice(0, 160)}`, sent);
    model.sent.set(hash, this.amount);
    const after = await balance(real);
    model.balance = after;
    const expected = toUnits(this.amount) as bigint;
    if (before - after !== expected) throw new CheckFailure(`sending ${this.amount} lowered the balance by ${formatUnits(before - after)}`, sent);
  }
  toString = () => `Send(${this.amount})`;
}

/** After a sequence: each of its sends is in the wallet's history with the amount sent. */
export async function checkHistory(model: SendModel, real: SendReal): Promise<void> {
  if (!model.sent.size) return;
  const history = await real.ctx.call('listWalletTransactions', { key: real.key, params: { id: real.walletId }, query: { limit: '100' } });
  const list = (Array.isArray(obj(history.json)['transactions']) ? (obj(history.json)['transactions'] as unknown[]) : []).map(obj);
  for (const [hash, amount] of model.sent) {
    const tx = list.find((t) => t['tx_hash'] === hash);
    if (!tx) throw new CheckFailure(`transaction ${hash} is missing from the wallet's history`, history);
    if (toUnits(tx['amount']) !== toUnits(amount)) throw new CheckFailure(`transaction ${hash} lists amount ${String(tx['amount'])}, sent ${amount}`, history);
  }
}
