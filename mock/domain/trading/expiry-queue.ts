// A binary min-heap of (time, order id) kept in a plain array (so the state stays snapshot-able):
// futures expiries and binary resolutions in time order.

export interface Expiry {
  at: number;
  id: number;
}

const before = (a: Expiry, b: Expiry): boolean => a.at < b.at || (a.at === b.at && a.id < b.id);

function swap(heap: Expiry[], i: number, j: number): void {
  const t = heap[i] as Expiry;
  heap[i] = heap[j] as Expiry;
  heap[j] = t;
}

export function pushExpiry(heap: Expiry[], item: Expiry): void {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(heap[i] as Expiry, heap[parent] as Expiry)) break;
    swap(heap, i, parent);
    i = parent;
  }
}

export function popExpiry(heap: Expiry[]): Expiry | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (top === undefined || last === undefined || heap.length === 0) return top;
  heap[0] = last;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < heap.length && before(heap[l] as Expiry, heap[m] as Expiry)) m = l;
    if (r < heap.length && before(heap[r] as Expiry, heap[m] as Expiry)) m = r;
    if (m === i) break;
    swap(heap, i, m);
    i = m;
  }
  return top;
}
