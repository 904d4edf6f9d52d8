// Model-based commands for copy trading (trading §3): start locks exactly copy_amount USDT, stop
// refunds the remaining USDT and ends the relation (a second stop refunds nothing).
import type fc from 'fast-check';
import { CheckFailure } from '../check-failure.js';
import { formatUnits, toUnits } from '../decimal.js';
import { availableUsdt, expectOk, post, type TradingReal } from './trading-real.js';

export interface CopyModel {
  copying: Set<number>;
}

export type CopyCommand = fc.AsyncCommand<CopyModel, TradingReal>;

export class StartCopy implements CopyCommand {
  constructor(
    readonly traderId: number,
    readonly copyAmount: number,
  ) {}
  check = (model: Readonly<CopyModel>) => !model.copying.has(this.traderId);
  async run(model: CopyModel, real: TradingReal): Promise<void> {
    const before = await availableUsdt(real);
    expectOk(await post(real, 'startCopy', { lead_trader_id: this.traderId, copy_amount: this.copyAmount }), `starting to copy ${this.traderId}`);
    model.copying.add(this.traderId);
    const after = await availableUsdt(real);
    const locked = before.units - after.units;
    const expected = toUnits(this.copyAmount) as bigint;
    if (locked !== expected) throw new CheckFailure(`copy start locked ${formatUnits(locked)} USDT, expected copy_amount ${formatUnits(expected)}`, after.ex);
  }
  toString = () => `StartCopy(trader ${this.traderId}, ${this.copyAmount})`;
}

export class StopCopy implements CopyCommand {
  constructor(readonly traderId: number) {}
  check = (model: Readonly<CopyModel>) => model.copying.has(this.traderId);
  async run(model: CopyModel, real: TradingReal): Promise<void> {
    const before = await availableUsdt(real);
    const stopped = expectOk(await post(real, 'stopCopy', { lead_trader_id: this.traderId }), `stopping copy of ${this.traderId}`);
    model.copying.delete(this.traderId);
    const after = await availableUsdt(real);
    const refunded = after.units - before.units;
    const stated = toUnits(stopped['refunded']);
    if (stated !== undefined && refunded !== stated) throw new CheckFailure(`copy stop says refunded ${String(stopped['refunded'])} but available USDT rose by ${formatUnits(refunded)}`, after.ex);
    if (stated === undefined && refunded <= 0n) throw new CheckFailure(`copy stop refunded nothing (available USDT changed by ${formatUnits(refunded)})`, after.ex);
    // The relation has ended: stopping again must not refund a second time.
    await post(real, 'stopCopy', { lead_trader_id: this.traderId });
    const again = await availableUsdt(real);
    if (again.units !== after.units) throw new CheckFailure(`a second stop of trader ${this.traderId} changed available USDT by ${formatUnits(again.units - after.units)}`, again.ex);
  }
  toString = () => `StopCopy(trader ${this.traderId})`;
}

/**
 * Stops what the sequence left running through StopCopy, so that every started copy's refund is
 * checked. Every copy is stopped even when one stop fails: a copy left running would make the
 * next (shrinking) sequence fail with 409 instead of showing the real problem.
 */
export async function stopRemaining(model: CopyModel, real: TradingReal): Promise<void> {
  let first: unknown;
  for (const id of [...model.copying]) {
    try {
      await new StopCopy(id).run(model, real);
    } catch (error) {
      first ??= error;
      model.copying.delete(id);
      await post(real, 'stopCopy', { lead_trader_id: id });
    }
  }
  if (first !== undefined) throw first;
}
