// Model-based command for wallet sends: the balance drops by exactly the amount (no fee is
// documented: wallet.limits) and the transaction appears in the history (wallet §4).
import type fc from 'fast-check';
import { CheckFailure } from '../check-failure.js';
import { formatUnits, toUnits } from '../decimal.js';
import type { CheckContext } from '../context.js';

export interface SendReal {
  ctx: CheckContext;
  key: string;
  walletId: number;
  to: string;
}

export interface SendModel {
  sent: string[];
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

async function balance(real: SendReal): Promise<bigint> {
  const ex = await real.ctx.send({ iface: 'wallet', operationId: 'getWalletBalance', method: 'GET', path: `/api/v1/wallets/${real.walletId}/balance`, headers: { 'X-API-Key': real.key } });
  const units = toUnits(obj(ex.json)['balance']);
  if (ex.status !== 200 || units === undefined) throw new CheckFailure(`balance of wallet ${real.walletId} answered ${ex.status}`, ex);
  return units;
}

export class Send implements fc.AsyncCommand<SendModel, SendReal> {
  constructor(readonly amount: string) {}
  check = () => true;
  async run(model: SendModel, real: SendReal): Promise<void> {
    const before = await balance(real);
    const sent = await real.ctx.send({ iface: 'wallet', operationId: 'sendFromWallet', method: 'POST', path: `/api/v1/wallets/${real.walletId}/send`, headers: { 'X-API-Key': real.key }, body: { to_address: real.to, amount: this.amount, token_id: null } });
    const hash = obj(sent.json)['tx_hash'];
    if (sent.status !== 200 || typeof hash !== 'string') throw new CheckFailure(`sending ${this.amount} answered ${sent.status}: ${sent.bodyText.slice(0, 160)}`, sent);
    model.sent.push(hash);
    const after = await balance(real);
    const expected = toUnits(this.amount) as bigint;
    if (before - after !== expected) throw new CheckFailure(`sending ${this.amount} lowered the balance by ${formatUnits(before - after)}`, sent);
    const history = await real.ctx.send({ iface: 'wallet', operationId: 'listWalletTransactions', method: 'GET', path: `/api/v1/wallets/${real.walletId}/transactions`, headers: { 'X-API-Key': real.key }, query: { limit: '100' } });
    const list = obj(history.json)['transactions'];
    const tx = (Array.isArray(list) ? list : []).map(obj).find((t) => t['tx_hash'] === hash);
    if (!tx) throw new CheckFailure(`transaction ${hash} is missing from the wallet's history`, history);
    if (toUnits(tx['amount']) !== expected) throw new CheckFailure(`transaction ${hash} lists amount ${String(tx['amount'])}, sent ${this.amount}`, history);
  }
  toString = () => `Send(${this.amount})`;
}
