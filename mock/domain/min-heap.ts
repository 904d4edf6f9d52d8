// A binary min-heap over a plain array (O(log n) push and pop): the due-time queues of both
// interfaces (trading expiries, wallet confirmations). Plain arrays keep state snapshot-able.

/** less(a, b) must be a strict weak order; callers break ties (e.g. by id or a sequence number). */
export type Less<T> = (a: T, b: T) => boolean;

export function heapPush<T>(items: T[], item: T, less: Less<T>): void {
  items.push(item);
  let i = items.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!less(items[i] as T, items[parent] as T)) break;
    swap(items, i, parent);
    i = parent;
  }
}

export function heapPop<T>(items: T[], less: Less<T>): T | undefined {
  const top = items[0];
  const last = items.pop();
  if (top === undefined || last === undefined || items.length === 0) return top;
  items[0] = last;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < items.length && less(items[l] as T, items[m] as T)) m = l;
    if (r < items.length && less(items[r] as T, items[m] as T)) m = r;
    if (m === i) break;
    swap(items, i, m);
    i = m;
  }
  return top;
}

function swap<T>(items: T[], i: number, j: number): void {
  const t = items[i] as T;
  items[i] = items[j] as T;
  items[j] = t;
}

export interface MinHeap<T> {
  push(item: T): void;
  peek(): T | undefined;
  pop(): T | undefined;
  readonly size: number;
}

/** The same heap with its order bound in, for callers that keep it as an object. */
export function createMinHeap<T>(less: Less<T>): MinHeap<T> {
  const items: T[] = [];
  return {
    push: (item) => heapPush(items, item, less),
    pop: () => heapPop(items, less),
    peek: () => items[0],
    get size() {
      return items.length;
    },
  };
}
