// The dashboard: GET /__doppel/ on each port answers a page (mock/admin/dashboard-page.ts)
// whose script reads GET /__doppel/dashboard/state (both interfaces and the clock, whichever port
// asked), moves the clock with POST /__doppel/clock and lists GET /__doppel/requests (the journal).
import type { AdminRoute } from '../core/index.js';
import { tradingSummary } from '../api/trading/index.js';
import { walletSummary } from '../api/wallet/index.js';
import type { TradingBackend } from '../domain/trading/index.js';
import type { WalletBackend } from '../domain/wallet/index.js';
import { clockView } from './common-admin-routes.js';
import { DASHBOARD_HTML } from './dashboard-page.js';

export interface DashboardTarget {
  trading: TradingBackend;
  wallet: WalletBackend;
}

export function dashboardRoutes(target: DashboardTarget): AdminRoute[] {
  return [
    {
      method: 'GET',
      path: '/__doppel',
      operationId: 'adminDashboard',
      answers: 'page',
      // The page holds no state: the data it shows comes from its fetches, which carry the admin
      // token typed into it. A browser cannot add a bearer token to a navigation, so with a token
      // configured the page itself must load without one.
      guarded: false,
      handle: () => ({ contentType: 'text/html; charset=utf-8', text: DASHBOARD_HTML }),
    },
    {
      method: 'GET',
      path: '/__doppel/dashboard/state',
      operationId: 'adminDashboardState',
      handle: ({ now }) => {
        const { epoch_ms: _, now: _now, ...wallet } = walletSummary(target.wallet);
        const { epoch_ms: __, now: __now, ...trading } = tradingSummary(target.trading, now);
        return { clock: clockView(now), trading, wallet };
      },
    },
  ];
}
