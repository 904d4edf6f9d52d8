// What the target has said so far, built only from its own answers (never from doppel's internals):
// the state checks compare each new answer with it, then it takes the answer in. One model per
// stream of exchanges (a run, a proxy's traffic, a recording).
import type { Exchange } from '../types.js';

export class TargetModel {
  /** Exchanges taken in, in order. */
  seen = 0;

  apply(_exchange: Exchange): void {
    this.seen++;
  }
}
