// A binary min-heap: the pending-transaction queue ordered by due time (O(log n) push and pop).

export interface MinHeap<T> {
  push(item: T): void;
  peek(): T | undefined;
  pop(): T | undefined;
  readonly size: number;
}

/** less(a, b) must be a strict weak order; ties are broken by the caller (e.g. a sequence number). */
export function createMinHeap<T>(less: (a: T, b: T) => boolean): MinHeap<T> {
  const items: T[] = [];

  function swap(i: number, j: number): void {
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }

  function push(item: T): void {
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(items[i] as T, items[parent] as T)) break;
      swap(i, parent);
      i = parent;
    }
  }

  function pop(): T | undefined {
    if (items.length === 0) return undefined;
    const top = items[0] as T;
    const last = items.pop() as T;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && less(items[l] as T, items[m] as T)) m = l;
        if (r < items.length && less(items[r] as T, items[m] as T)) m = r;
        if (m === i) break;
        swap(i, m);
        i = m;
      }
    }
    return top;
  }

  return {
    push,
    pop,
    peek: () => items[0],
    get size() {
      return items.length;
    },
  };
}
