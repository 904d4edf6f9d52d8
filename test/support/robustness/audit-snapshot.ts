// auditSnapshot: the whole money-relevant state of a running fake as plain JSON (decimals as
// 8-digit strings), read from the backends' snapshots; what the invariant checks compare against what the
// clients were told. JSON so that it can cross a process boundary (the long run's server child).
import type { Fake } from '../../../mock/index.js';
import { formatDec8 } from '../../../mock/domain/decimal.js';

export interface AuditSnapshot {
  now: number;
  trading: {
    accounts: Array<{ id: number; keys: string[]; rows: Array<{ currency: string; chain: string; available: string; locked: string }> }>;
    orders: AuditOrder[];
    copies: Array<{ accountId: number; traderId: number; status: string; copyAmount: string; result: string | null }>;
  };
  wallet: {
    wallets: Array<{ id: number; userId: number; chain: string; address: string; native: string; tokens: Record<string, string>; history: Array<{ hash: string; type: string }> }>;
    transfers: Array<{ hash: string; chain: string; symbol: string; tokenId: number | null; amount: string; fromWalletId: number | null; toWalletId: number | null; status: string }>;
    supply: Record<string, { balances: string; pending: string; exported: string; deposited: string }>;
  };
}

export interface AuditOrder {
  id: number;
  accountId: number;
  type: string;
  market: string;
  pair: string;
  side: string | null;
  amount: string;
  price: string | null;
  fillPrice: string | null;
  margin: string | null;
  status: string;
  result: string | null;
  pnl: string | null;
  expiresAt: number | null;
}

/** Of the default namespace (a Fake) or of any other (fake.namespace(name)). */
export function auditSnapshot(fake: Pick<Fake, 'models' | 'clock'>): AuditSnapshot {
  const { trading, wallet } = fake.models;
  const now = fake.clock.now();
  // Everything due by now is processed first, as any request would.
  trading.settle(now);
  wallet.settle(now);
  const ts = trading.exportState();
  const ws = wallet.state;
  return {
    now,
    trading: {
      accounts: ts.accounts.map((a) => ({
        id: a.id,
        keys: a.keys.map((k) => k.api_key),
        rows: a.balances.map((r) => ({ currency: r.currency, chain: r.chain, available: r.balance, locked: r.locked })),
      })),
      orders: ts.orders.map((o) => ({
        id: o.id,
        accountId: o.account_id,
        type: o.type,
        market: o.market,
        pair: o.pair,
        side: o.side,
        amount: o.amount,
        price: o.price,
        fillPrice: o.fill_price,
        margin: o.margin,
        status: o.status,
        result: o.result,
        pnl: o.pnl,
        expiresAt: o.expires_at,
      })),
      copies: ts.copies.map((r) => ({ accountId: r.account_id, traderId: r.trader_id, status: r.status, copyAmount: r.copy_amount, result: r.result })),
    },
    wallet: {
      wallets: [...ws.wallets.values()].map((w) => ({
        id: w.id,
        userId: w.userId,
        chain: w.chain,
        address: w.address,
        native: formatDec8(w.native),
        tokens: Object.fromEntries([...w.tokens].map(([id, amount]) => [String(id), formatDec8(amount)])),
        history: w.history.map((h) => ({ hash: h.transfer.hash, type: h.type })),
      })),
      transfers: [...ws.transfers.values()].map((t) => ({
        hash: t.hash,
        chain: t.chain,
        symbol: t.symbol,
        tokenId: t.tokenId,
        amount: formatDec8(t.amount),
        fromWalletId: t.fromWalletId,
        toWalletId: t.toWalletId,
        status: t.status,
      })),
      supply: Object.fromEntries(
        [...wallet.audit()].map(([asset, s]) => [
          asset,
          { balances: formatDec8(s.balances), pending: formatDec8(s.pending), exported: formatDec8(s.exported), deposited: formatDec8(s.deposited) },
        ]),
      ),
    },
  };
}
