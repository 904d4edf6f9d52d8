// The default seed's demo data (listed in docs/guides/client-developers.md): three keys, funded accounts and
// lead traders. Balances include a USDT entry on a non-settlement chain to show one entry per
// currency and chain (seed trading §2).

import { dec } from '../decimal.js';
import { addKey, createAccount } from './accounts.js';
import { balanceRow } from './ledger.js';
import type { LeadTrader, Permission, TradingState } from './trading-state.js';

interface DemoAccount {
  key: string;
  name: string;
  permissions: Permission[];
  ipWhitelist: string[];
  balances: Array<[currency: string, chain: string, amount: string]>;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'demo-trade-key',
    name: 'Demo Trader',
    permissions: ['read', 'trade'],
    ipWhitelist: [],
    balances: [
      ['USDT', 'tron', '10000'],
      ['USDT', 'ethereum', '2500'],
      ['BTC', 'bitcoin', '0.5'],
      ['ETH', 'ethereum', '5'],
      ['SOL', 'solana', '100'],
      ['TRX', 'tron', '20000'],
    ],
  },
  {
    key: 'demo-read-key',
    name: 'Demo Reader',
    permissions: ['read'],
    ipWhitelist: [],
    balances: [
      ['USDT', 'tron', '5000'],
      ['BTC', 'bitcoin', '0.25'],
      ['ETH', 'ethereum', '2'],
    ],
  },
  {
    key: 'demo-ip-locked-key',
    name: 'Demo IP-locked',
    permissions: ['read', 'trade'],
    // TEST-NET-3 documentation address: never a local caller, so a local request gets 403.
    ipWhitelist: ['203.0.113.10'],
    balances: [['USDT', 'tron', '1000']],
  },
];

type TraderSeed = Omit<LeadTrader, 'minCopyAmount' | 'dailyReturn' | 'copiers'> & { minCopyAmount: string; dailyReturn: string };

export const LEAD_TRADERS: readonly TraderSeed[] = [
  { id: 1, name: 'Satoshi Swing', active: true, roi30d: 12.4, winRate: 64.5, followers: 1520, minCopyAmount: '10', dailyReturn: '0.004' },
  { id: 2, name: 'Delta Neutral Dana', active: true, roi30d: 4.6, winRate: 71.2, followers: 860, minCopyAmount: '50', dailyReturn: '0.0015' },
  { id: 3, name: 'Momentum Mika', active: true, roi30d: -3.8, winRate: 48.9, followers: 2310, minCopyAmount: '20', dailyReturn: '-0.0012' },
  { id: 4, name: 'Grid Queen', active: true, roi30d: 8.7, winRate: 58.3, followers: 430, minCopyAmount: '100', dailyReturn: '0.0028' },
  // Not listed and not copyable: lets clients test the 404 of an inactive trader.
  { id: 5, name: 'Retired Rick', active: false, roi30d: 0, winRate: 52, followers: 12, minCopyAmount: '10', dailyReturn: '0' },
];

export function seedDemo(state: TradingState, now: number): void {
  for (const demo of DEMO_ACCOUNTS) {
    const account = createAccount(state, demo.name, now);
    addKey(state, demo.key, account.id, demo.permissions, demo.ipWhitelist);
    for (const [currency, chain, amount] of demo.balances) balanceRow(state, account.id, currency, chain).available += dec(amount);
  }
  for (const t of LEAD_TRADERS) {
    state.traders.set(t.id, { ...t, copiers: 0, minCopyAmount: dec(t.minCopyAmount), dailyReturn: dec(t.dailyReturn) });
  }
}
