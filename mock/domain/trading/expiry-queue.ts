// Futures expiries and binary resolutions in time order: (time, order id) on the shared min-heap.
import { heapPop, heapPush } from '../min-heap.js';

export interface Expiry {
  at: number;
  id: number;
}

const before = (a: Expiry, b: Expiry): boolean => a.at < b.at || (a.at === b.at && a.id < b.id);

export function pushExpiry(heap: Expiry[], item: Expiry): void {
  heapPush(heap, item, before);
}

export function popExpiry(heap: Expiry[]): Expiry | undefined {
  return heapPop(heap, before);
}
