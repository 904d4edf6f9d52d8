// A binary min-heap of (time, order id): futures expiries and binary resolutions in time order.

export interface Expiry {
  at: number;
  id: number;
}

export interface ExpiryQueue {
  readonly items: Expiry[];
  push(item: Expiry): void;
  peek(): Expiry | undefined;
  pop(): Expiry | undefined;
  readonly size: number;
}

const before = (a: Expiry, b: Expiry): boolean => a.at < b.at || (a.at === b.at && a.id < b.id);

export function createExpiryQueue(): ExpiryQueue {
  const items: Expiry[] = [];
  const swap = (i: number, j: number): void => {
    const t = items[i] as Expiry;
    items[i] = items[j] as Expiry;
    items[j] = t;
  };
  return {
    items,
    get size() {
      return items.length;
    },
    push(item) {
      items.push(item);
      let i = items.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(items[i] as Expiry, items[parent] as Expiry)) break;
        swap(i, parent);
        i = parent;
      }
    },
    peek: () => items[0],
    pop() {
      const top = items[0];
      const last = items.pop();
      if (top === undefined || last === undefined || items.length === 0) return top;
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && before(items[l] as Expiry, items[m] as Expiry)) m = l;
        if (r < items.length && before(items[r] as Expiry, items[m] as Expiry)) m = r;
        if (m === i) break;
        swap(i, m);
        i = m;
      }
      return top;
    },
  };
}
