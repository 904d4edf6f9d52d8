// The defaults the documents give a request field (trading §4: the margin body's leverage "from 1
// up to a maximum; default 1", which the futures body takes too, and the futures body's
// duration_hours "expiry in hours; default 24", repeated by trading §8 "duration_hours default"): an
// order placed without the field is answered and listed as if it had been sent with the default,
// and a futures position placed without duration_hours expires 24 hours after it was created. The
// default is the seed's, so a failure is a seed failure; the order record it is read through is
// doppel's decision (trading.order-fields), so only an answer that has the decided fields is a case:
// `leverage` and `duration_hours` as integers, `created_at` and `expires_at` as dates; a status read
// on the target's clock (the Date header) before or after those 24 hours (the expiry the target model
// predicts) too. A record without them is no case; one that names another value says itself that the
// target did not apply the default; a refusal of an otherwise valid order whose message names the
// field left out says it wants the field. Judged on any stream: the checker's own orders, a client's.
import { defineStateCheck, seed, type StateOutput } from '../check.js';
import { requestFields } from '../../act/arbitraries/request-schema.js';
import { tradingFieldClause } from '../../act/arbitraries/mutation-basis.js';
import { bodyIsValid, keyOf } from '../../exchange/exchange-readers.js';
import { obj } from '../../exchange/json-shape.js';
import { writesSkip } from '../writes-skip.js';
import { accepted, dataListOf, dataOf, idOf, named, overlapped, requestFieldsOf, seedTimeOf, targetTimeOf } from '../../model/exchange-facts.js';
import { PLACE_KIND, type KnownOrder } from '../../model/trading-model.js';
import type { Exchange } from '../../types.js';

// Trading §4 Gaps: "leverage and duration_hours have defaults", the only request defaults the seed
// gives; their values are in spec/ (`default`) as the §4 rows give them.
const SEED_DEFAULTS = new Set(['leverage', 'duration_hours']);
// The §8 limits table repeats one of them.
const LIMIT_ROWS: Readonly<Record<string, string>> = { duration_hours: 'trading §8 duration_hours default' };
// Trading §4: duration_hours is the position's "expiry in hours".
const EXPIRY_FIELD = 'duration_hours';
const HOUR_MS = 3_600_000;
// Dates have whole seconds, and the Date header may lag the record's by one.
const SLACK_MS = 2_000;

interface Default {
  operationId: string;
  field: string;
  value: number;
}

const DEFAULTS: readonly Default[] = Object.keys(PLACE_KIND).flatMap((operationId) =>
  requestFields('trading', operationId)
    .filter((f) => SEED_DEFAULTS.has(f.name) && typeof f.default === 'number')
    .map((f) => ({ operationId, field: f.name, value: f.default as number })),
);

const FIELDS = [...new Set(DEFAULTS.map((d) => d.field))];
const clausesOf = (field: string): string[] => [...new Set([...DEFAULTS.filter((d) => d.field === field).map((d) => tradingFieldClause(d.operationId, field)), ...(LIMIT_ROWS[field] ? [LIMIT_ROWS[field]] : [])])];
const valueOf = (field: string): number => (DEFAULTS.find((d) => d.field === field) as Default).value;

/** What a record of an order placed without some defaulted fields says against their defaults. */
function judgeRecord(record: Record<string, unknown>, placed: Exchange, body: Record<string, unknown>, ex: Exchange, out: StateOutput): void {
  const left = DEFAULTS.filter((d) => d.operationId === placed.operationId && body[d.field] === undefined);
  const where = ex === placed ? `${named(ex)} answered` : `${named(ex)} lists the order ${String(record['id'])} placed by ${named(placed)}`;
  const requests = ex === placed ? [ex] : [placed, ex];
  for (const d of left) {
    const value = record[d.field];
    if (typeof value !== 'number') continue;
    out.checked(ex, d.field);
    if (value !== d.value) out.fail({ assertion: d.field, title: `an order placed without ${d.field} has ${d.field} ${value}, not the default ${d.value}`, message: `${where} with ${d.field} ${value}; it was placed without ${d.field}, whose default is ${d.value}`, exchange: ex, requests });
    if (d.field !== EXPIRY_FIELD) continue;
    const created = seedTimeOf(record['created_at']);
    const expires = seedTimeOf(record['expires_at']);
    if (created === undefined || expires === undefined) continue;
    const hours = (expires - created) / HOUR_MS;
    if (Math.abs(expires - created - d.value * HOUR_MS) > SLACK_MS) {
      out.fail({ assertion: d.field, title: `a position placed without ${d.field} expires after ${hours.toFixed(2)} hours, not the default ${d.value}`, message: `${where} with created_at ${String(record['created_at'])} and expires_at ${String(record['expires_at'])} (${hours.toFixed(2)} hours); it was placed without ${d.field}, whose default is ${d.value}`, exchange: ex, requests });
    }
    // Its status at the listing's time on the target's clock: settled before the default expiry, or still open well after it.
    const at = ex === placed ? undefined : targetTimeOf(ex);
    const due = created + d.value * HOUR_MS;
    const early = record['status'] === 'settled' && at !== undefined && at + SLACK_MS < due;
    const late = record['status'] === 'open' && at !== undefined && at > due + SLACK_MS;
    if (early || late) {
      out.fail({ assertion: d.field, title: `a position placed without ${d.field} is ${String(record['status'])} ${early ? 'before' : 'after'} the default ${d.value} hours`, message: `${where} as ${String(record['status'])} ${(((at as number) - created) / HOUR_MS).toFixed(2)} hours after its created_at ${String(record['created_at'])} (the Date header); it was placed without ${d.field}, whose default is ${d.value}`, exchange: ex, requests });
    }
  }
}

/**
 * A refusal of an order the schema accepts, whose message names a defaulted field it left out: the
 * target wants the field the documents give a default for. Only a message that names the field is
 * a case (a refusal for the balance or the amount says nothing of it).
 */
function judgeRefusal(ex: Exchange, out: StateOutput): void {
  const body = requestFieldsOf(ex);
  const message = obj(ex.json)['error'];
  if (typeof message !== 'string' || !bodyIsValid(ex)) return;
  for (const d of DEFAULTS) {
    if (d.operationId !== ex.operationId || body[d.field] !== undefined || !message.includes(d.field)) continue;
    out.checked(ex, d.field);
    out.fail({ assertion: d.field, title: `an order without ${d.field} is refused for it, though the documents give it a default (${d.value})`, message: `${named(ex)} left ${d.field} out and was answered ${ex.status}: ${message}`, exchange: ex, requests: [ex] });
  }
}

export const documentedDefaults = defineStateCheck({
  id: 'documented-defaults',
  title: 'an order placed without leverage or duration_hours is answered and listed with the documented default',
  assertions: FIELDS.map((field) =>
    seed(field, clausesOf(field), `an order placed without ${field} is answered and listed with ${field} ${valueOf(field)}${field === EXPIRY_FIELD ? `, expiring ${valueOf(field)} hours after its created_at (read through the decided fields, trading.order-fields)` : ' (read through the decided fields, trading.order-fields)'}`),
  ),
  appliesTo: ['trading'],
  needs: (ctx) => writesSkip(ctx, 'trading'),
  start: () => (ex, model, out) => {
    if (ex.operationId !== null && PLACE_KIND[ex.operationId] && ex.status === 400) return judgeRefusal(ex, out);
    if (!accepted(ex) || ex.operationId === null) return;
    if (PLACE_KIND[ex.operationId]) return judgeRecord(dataOf(ex), ex, requestFieldsOf(ex), ex, out);
    if (ex.operationId !== 'listOrders') return;
    const key = keyOf(ex);
    const orders = key === undefined ? undefined : model.trading.accounts.get(key)?.orders;
    if (!orders) return;
    for (const entry of dataListOf(ex)) {
      const id = idOf(entry['id']);
      const order: KnownOrder | undefined = id === undefined ? undefined : orders.get(id);
      if (order && !overlapped(order.placed, ex)) judgeRecord(entry, order.placed, order.body, ex, out);
    }
  },
});
