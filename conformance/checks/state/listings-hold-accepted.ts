// A listing that says "all" holds what the target itself answered: a symbol /price/{symbol}
// answers is a key of /prices (trading §4 GET /api/v1/prices), judged both ways (a listing read
// before the answer, the latest one, must hold it too); a lead trader a copy was started with is in
// the traders listing while the copy runs, and the listing holds active ones only (trading §3 bullet
// 2, §4 GET /api/v1/copy/traders). That an order's pair is a listed market and a wallet's chain a
// listed chain is the resource graph's (resource-relations: its reference relations).
import { defineStateCheck, seed } from '../check.js';
import { keyOf } from '../../exchange/exchange-readers.js';
import { accepted, dataListOf, dataOf, idOf, named, overlapped, pathParam, requestFieldsOf } from '../../model/exchange-facts.js';
import type { Exchange, InterfaceName } from '../../types.js';

interface Listed {
  assertion: string;
  iface: InterfaceName;
  /** What the listing is called in messages. */
  listing: string;
  /** The items an accepted exchange shows must be listed (upper-cased where case is the target's choice). */
  shows(ex: Exchange): string[];
  /** The items a listing answer holds; undefined when the exchange is no such listing. */
  holds(ex: Exchange): Set<string> | undefined;
  /** How a message names an item. */
  name: string;
}

const up = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v.toUpperCase() : undefined);

const KINDS: Listed[] = [
  {
    assertion: 'prices',
    iface: 'trading',
    listing: '/prices',
    name: 'symbol',
    shows: (ex) => {
      if (ex.operationId !== 'getPrice') return [];
      const symbol = up(dataOf(ex)['symbol']) ?? up(pathParam(ex));
      return symbol ? [symbol] : [];
    },
    holds: (ex) => (ex.operationId === 'getPrices' && ex.iface === 'trading' ? new Set(Object.keys(dataOf(ex)).map((s) => s.toUpperCase())) : undefined),
  },
];

export const listingsHoldAccepted = defineStateCheck({
  id: 'listings-hold-accepted',
  title: 'a listing of all holds what the target accepted',
  assertions: [
    seed('traders', 'trading §4 GET /api/v1/copy/traders', 'a lead trader a copy was started with is in the active traders listing while the copy runs'),
    seed('traders-active', 'trading §3 bullet 2', 'the traders listing holds active lead traders only (no entry whose status or active field says otherwise)'),
    seed('prices', 'trading §4 GET /api/v1/prices', 'a symbol /price/{symbol} answers is a key of /prices'),
  ],
  appliesTo: ['trading'],
  start: () => {
    const seen = KINDS.map((kind) => ({ kind, items: new Map<string, Exchange>(), last: undefined as { ex: Exchange; holds: Set<string> } | undefined }));
    /** Per lead trader, the keys whose copy of it runs, with the start that began it. */
    const running = new Map<number, Map<string, Exchange>>();
    return (ex, _model, out) => {
      if (!accepted(ex)) return;
      for (const s of seen) {
        if (s.kind.iface !== ex.iface) continue;
        const holds = s.kind.holds(ex);
        if (holds) {
          for (const [item, by] of s.items) {
            if (overlapped(by, ex)) continue;
            out.checked(ex, s.kind.assertion);
            if (!holds.has(item)) out.fail({ assertion: s.kind.assertion, title: `${s.kind.listing} leaves out ${s.kind.name} ${item}`, message: `${named(ex)}: ${s.kind.listing} (${holds.size} entries) leaves out ${s.kind.name} ${item}, which ${named(by)} was answered for`, exchange: ex, requests: [by, ex] });
          }
          s.last = { ex, holds };
          continue;
        }
        for (const item of s.kind.shows(ex)) {
          if (s.items.has(item)) continue;
          s.items.set(item, ex);
          // The latest listing, read before: a listing of all held it then too.
          const last = s.last;
          if (!last || overlapped(last.ex, ex)) continue;
          out.checked(ex, s.kind.assertion);
          if (!last.holds.has(item)) out.fail({ assertion: s.kind.assertion, title: `${s.kind.listing} leaves out ${s.kind.name} ${item}`, message: `${named(ex)} was answered for ${s.kind.name} ${item}, which ${s.kind.listing} of ${named(last.ex)} (${last.holds.size} entries) leaves out`, exchange: last.ex, requests: [last.ex, ex] });
        }
      }
      if (ex.iface !== 'trading') return;
      const key = keyOf(ex);
      const trader = idOf(requestFieldsOf(ex)['lead_trader_id']);
      if (ex.operationId === 'startCopy' && key !== undefined && trader !== undefined) {
        running.set(trader, new Map([...(running.get(trader) ?? []), [key, ex]]));
      } else if (ex.operationId === 'stopCopy' && key !== undefined && trader !== undefined) {
        running.get(trader)?.delete(key);
      } else if (ex.operationId === 'listCopyTraders') {
        const entries = dataListOf(ex);
        const ids = new Set(entries.map((t) => idOf(t['id'])));
        out.checked(ex, 'traders-active');
        const inactive = entries.filter((t) => (typeof t['status'] === 'string' && t['status'] !== 'active') || t['active'] === false);
        if (inactive.length) out.fail({ assertion: 'traders-active', title: `the traders listing holds ${inactive.length} inactive lead trader(s)`, message: `${named(ex)} lists lead trader ${inactive.map((t) => String(t['id'])).join(', ')} as ${inactive.map((t) => JSON.stringify(t['status'] ?? 'active: false')).join(', ')}; the lead traders listed are the active ones (trading §3 bullet 2)`, exchange: ex, requests: [ex] });
        for (const [id, copies] of running) {
          const start = [...copies.values()].find((s) => !overlapped(s, ex));
          if (!start) continue;
          out.checked(ex, 'traders');
          if (!ids.has(id)) out.fail({ assertion: 'traders', title: `the traders listing leaves out lead trader ${id}, copied`, message: `${named(ex)} leaves out lead trader ${id}, whose copy ${named(start)} started and no stop has ended`, exchange: ex, requests: [start, ex] });
        }
      }
    };
  },
});
