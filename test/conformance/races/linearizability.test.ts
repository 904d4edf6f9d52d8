// The history judge on known histories: a register (reads and writes) and a balance (sends that
// are accepted or refused), each linearizable or not; the smallest history a failure shows.
import { describe, expect, it } from 'vitest';
import { judgeHistory, linearize, MAX_OPERATIONS, type HistoryOp, type SequentialModel } from '../../../conformance/model/linearizability.js';

type RegIn = { write: number } | { read: true };
const register: SequentialModel<number, RegIn, number | 'ok'> = {
  init: 0,
  step: (s, input, output) => ('write' in input ? (output === 'ok' ? input.write : undefined) : output === s ? s : undefined),
};
const w = (value: number, start: number, end: number): HistoryOp<RegIn, number | 'ok'> => ({ input: { write: value }, output: 'ok', start, end });
const r = (value: number, start: number, end: number): HistoryOp<RegIn, number | 'ok'> => ({ input: { read: true }, output: value, start, end });

const balance: SequentialModel<bigint, bigint, boolean> = {
  init: 10n,
  step: (s, amount, accepted) => (accepted ? (amount <= s ? s - amount : undefined) : amount > s ? s : undefined),
};
const send = (amount: bigint, accepted: boolean, start: number, end: number): HistoryOp<bigint, boolean> => ({ input: amount, output: accepted, start, end });

describe('linearizability (Wing & Gong)', () => {
  it('the empty history and a sequential one that the model explains are linearizable', () => {
    expect(linearize([], register)).toEqual([]);
    expect(linearize([w(1, 0, 1), r(1, 2, 3), w(2, 4, 5), r(2, 6, 7)], register)).toHaveLength(4);
  });

  it('reads overlapping a write may see the old or the new value, in an order real time allows', () => {
    const history = [w(1, 0, 10), r(1, 2, 5), r(0, 3, 6)];
    const judged = judgeHistory(history, register);
    expect(judged.linearizable).toBe(true);
    // The read of 0 is placed before the write, the read of 1 after it.
    if (judged.linearizable) expect(judged.order.map((op) => op.output)).toEqual([0, 'ok', 1]);
  });

  it('a read that ended before another started cannot be ordered after it (new then old is no linearization)', () => {
    const history = [w(1, 0, 10), r(1, 2, 3), r(0, 4, 5)];
    const judged = judgeHistory(history, register);
    expect(judged.linearizable).toBe(false);
    // Smallest: the read of 1 alone (nothing before it wrote 1), or with the write, the read of 0 after it.
    if (!judged.linearizable) expect(linearize(judged.smallest, register)).toBeUndefined();
    expect(linearize([w(1, 0, 10), r(1, 2, 3)], register)).toBeDefined();
  });

  it('a stale read after the write ended is not linearizable; the smallest history drops what does not matter', () => {
    const history = [w(5, 0, 1), w(1, 2, 3), r(1, 2.5, 3.5), r(0, 4, 5)];
    const judged = judgeHistory(history, register);
    expect(judged.linearizable).toBe(false);
    if (!judged.linearizable) {
      expect(judged.smallest.length).toBeLessThan(history.length);
      expect(linearize(judged.smallest, register)).toBeUndefined();
      expect(judged.smallest).toContainEqual(r(0, 4, 5));
    }
  });

  it('two overlapping sends that each fit the balance but not together: one accepted is linearizable, both are not', () => {
    expect(judgeHistory([send(6n, true, 0, 5), send(6n, false, 1, 4)], balance).linearizable).toBe(true);
    expect(judgeHistory([send(6n, false, 0, 5), send(6n, true, 1, 4)], balance).linearizable).toBe(true);
    const both = judgeHistory([send(6n, true, 0, 5), send(6n, true, 1, 4), send(1n, true, 6, 7)], balance);
    expect(both.linearizable).toBe(false);
    if (!both.linearizable) expect(both.smallest.map((op) => op.input)).toEqual([6n, 6n]);
    // A refusal that the balance does not explain: refused though nothing else could have spent it.
    expect(judgeHistory([send(6n, false, 0, 1)], balance).linearizable).toBe(false);
  });

  it('real time decides: a refusal after an acceptance ended is explained, one before it started is not', () => {
    expect(judgeHistory([send(6n, true, 0, 1), send(6n, false, 2, 3)], balance).linearizable).toBe(true);
    expect(judgeHistory([send(6n, false, 0, 1), send(6n, true, 2, 3)], balance).linearizable).toBe(false);
  });

  it('a wide history of many overlapping operations is judged quickly (the memo), a longer one is refused', () => {
    const many = Array.from({ length: 16 }, (_, i) => send(1n, i < 10, 0, 100 + i));
    expect(judgeHistory(many, balance).linearizable).toBe(true);
    const over = Array.from({ length: 16 }, (_, i) => send(1n, i < 11, 0, 100 + i));
    expect(judgeHistory(over, balance).linearizable).toBe(false);
    expect(() => linearize(Array.from({ length: MAX_OPERATIONS + 1 }, () => send(1n, true, 0, 1)), balance)).toThrow(/longer than/);
  });
});
