// How a check turns what it saw into a point's value (--learn): a message into a template
// (the operation's id becomes `{operationId}`, which the fake fills back in), a listing into an order.
import { describe, expect, it } from 'vitest';
import { listingOrder } from '../../conformance/checks/scenario/listing-order.js';
import { renderTemplate, templateOf } from '../../spec/index.js';

describe('observed values', () => {
  it('a message becomes a template and renders back to the same text', () => {
    for (const [message, op, template] of [
      ['listWallets: missing X-API-Key header', 'listWallets', '{operationId}: missing X-API-Key header'],
      ['API key required', 'listWallets', 'API key required'],
      ['no key for getAccount (getAccount)', 'getAccount', 'no key for {operationId} ({operationId})'],
    ] as const) {
      expect(templateOf(message, op)).toBe(template);
      expect(renderTemplate(template, op)).toBe(message);
    }
  });

  it('a listing shows an order only from two entries on, and only a strict one', () => {
    expect(listingOrder([])).toBeUndefined();
    expect(listingOrder([['', 1]])).toBeUndefined();
    expect(listingOrder([['', 1], ['', 2], ['', 5]])).toBe('oldest-first');
    expect(listingOrder([['2026-01-02 00:00:00', 1], ['2026-01-01 00:00:00', 2]])).toBe('newest-first');
    expect(listingOrder([['2026-01-01 00:00:00', 3], ['2026-01-01 00:00:00', 2]])).toBe('newest-first');
    expect(listingOrder([['', 1], ['', 3], ['', 2]])).toBe('unordered');
    // Transactions of one date whose creation the stream did not show cannot be compared.
    expect(listingOrder([['2026-01-01 00:00:00', undefined], ['2026-01-01 00:00:00', undefined]])).toBeUndefined();
    expect(listingOrder([['2026-01-01 00:00:00', 0], ['2026-01-01 00:00:00', undefined], ['2026-01-01 00:00:00', 1]])).toBe('oldest-first');
    expect(listingOrder([['2026-01-02 00:00:00', undefined], ['2026-01-01 00:00:00', 5], ['2026-01-01 00:00:00', 4]])).toBe('newest-first');
    // Entries without their id (NaN keys) end: they compare with nothing.
    expect(listingOrder([[Number.NaN, undefined], [Number.NaN, undefined]])).toBe('unordered');
  });
});
