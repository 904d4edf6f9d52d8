// walletRoute: a Route of the wallet fake that first settles due transfers (decision wallet.send-semantics).

import type { FakeRequest } from '../../core/fake-request.js';
import type { HttpMethod, Route, RouteResult } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';

export interface WalletRouteSpec {
  method: HttpMethod;
  path: string;
  operationId: string;
  handle(req: FakeRequest, params: Record<string, string>): RouteResult;
}

/**
 * Settling here, not in an app-level hook, keeps the rule with the wallet routes: however they are
 * composed (createApp with or without beforeEach, in-process or over HTTP), a request never sees
 * a transfer that is past its due time and still pending.
 */
export function walletRoute(model: WalletModel, spec: WalletRouteSpec): Route {
  return {
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    handle(req, params) {
      model.settle();
      return spec.handle(req, params);
    },
  };
}
