// What the target has said so far, built only from its own answers (never from doppel's internals):
// the state checks compare each new answer with it, then it takes the answer in. One model per
// stream of exchanges (a run, a proxy's traffic, a recording).
import type { Exchange } from '../types.js';
import { ResourceFacts } from './resource-facts.js';
import { TradingModel } from './trading-model.js';
import { WalletModel } from './wallet-model.js';

export class TargetModel {
  readonly trading = new TradingModel();
  readonly wallet = new WalletModel();
  /** Every resource of the graph as the answers showed it (spec/resource-graph.ts). */
  readonly resources = new ResourceFacts();

  apply(exchange: Exchange): void {
    this.resources.apply(exchange);
    if (exchange.iface === 'trading') this.trading.apply(exchange);
    else this.wallet.apply(exchange);
  }
}
