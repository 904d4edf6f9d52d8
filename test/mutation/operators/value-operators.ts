// Values in another form: each decimal field (a Decimal schema) with another scale, in exponent form,
// with a thousands separator, or rounded the other way; each date field (DateTime) in another
// format, zone or precision. The rule: the format's decision where the documents leave the format
// to doppel (wallet.decimal-format, trading.dates, wallet.dates-utc), else the field's own row.
import { formatUnits, toUnits } from '../../../conformance/exchange/decimal.js';
import { answerFields, type AnswerField } from '../answer-fields.js';
import { editBody, isSuccess, requestOf, slotsAt } from '../answer-edit.js';
import type { Mutant, Violation } from '../mutant.js';

const refs = (f: AnswerField): string => `${f.ref ?? ''} ${JSON.stringify(f.schema ?? {})}`;
const isDecimal = (f: AnswerField): boolean => /Decimal/.test(refs(f));
const isDate = (f: AnswerField): boolean => f.ref === 'DateTime';
const exactScale = (f: AnswerField): boolean => /Decimal8/.test(refs(f)) || /\{8\}\$/.test(String(f.schema?.pattern ?? ''));

function onValue(f: AnswerField, change: (v: string) => string): Mutant['breakage'] {
  const is = requestOf(f.iface, f.op.operationId);
  return () => ({
    response: (req, res) => {
      if (!is(req) || !isSuccess(res)) return res;
      return editBody(res, (body) => {
        let changed = false;
        for (const { parent, key } of slotsAt(body, f.path)) {
          const v = parent[key];
          if (typeof v !== 'string') continue;
          const next = change(v);
          if (next !== v) {
            parent[key] = next;
            changed = true;
          }
        }
        return changed;
      });
    },
  });
}

const site = (f: AnswerField): string => `${f.op.operationId} /${f.path.join('/')}`;

/** `12345.5` → `12,345.5`. */
const grouped = (v: string): string => v.replace(/^(-?\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/** One unit of the last place up (a value rounded up where the rule rounds down, or the reverse). */
const lastPlaceUp = (v: string): string => {
  const units = toUnits(v);
  return units === undefined ? v : formatUnits(units + 1n);
};

function decimalMutants(f: AnswerField): Mutant[] {
  const base = { family: 'decimal' as const, iface: f.iface, site: site(f) };
  // The scale is the format decision's where there is one (wallet.decimal-format), else the field's row.
  const scale: Violation = f.format;
  const out: Mutant[] = [
    { ...base, id: `decimal-scale-9 ${f.iface} ${site(f)}`, operator: 'decimal-scale-9', violates: scale, says: `${f.name} with 9 fraction digits`, breakage: onValue(f, (v) => (v.includes('.') ? `${v}0` : `${v}.000000000`)) },
    { ...base, id: `decimal-exponent ${f.iface} ${site(f)}`, operator: 'decimal-exponent', violates: f.presence, says: `${f.name} in exponent form`, breakage: onValue(f, (v) => Number(v).toExponential()) },
    { ...base, id: `decimal-thousands ${f.iface} ${site(f)}`, operator: 'decimal-thousands', violates: f.presence, says: `${f.name} with a thousands separator`, breakage: onValue(f, grouped) },
  ];
  if (exactScale(f)) out.push({ ...base, id: `decimal-scale-7 ${f.iface} ${site(f)}`, operator: 'decimal-scale-7', violates: scale, says: `${f.name} with 7 fraction digits`, breakage: onValue(f, (v) => v.slice(0, -1)) });
  // A value derived from others (usd_value = balance × price, decision wallet.usd-value) rounded the other way.
  if (f.name === 'usd_value') {
    out.push({ ...base, id: `decimal-rounded-up ${f.iface} ${site(f)}`, operator: 'decimal-rounded-wrong', violates: { kind: 'decision', decision: 'wallet.usd-value' }, says: `${f.name} rounded up where the rule rounds down`, breakage: onValue(f, lastPlaceUp) });
  }
  return out;
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:MM:SS` moved by `hours`, in the same form. */
const shifted = (v: string, hours: number): string => {
  const t = Date.parse(`${v.replace(' ', 'T')}Z`);
  if (Number.isNaN(t)) return v;
  const d = new Date(t + hours * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

function dateMutants(f: AnswerField): Mutant[] {
  const base = { family: 'date' as const, iface: f.iface, site: site(f) };
  // The form `YYYY-MM-DD HH:MM:SS` is the seed's where a §2 row gives it (wallet Transaction.date), else the format decision's.
  const form: Violation = f.presence.kind === 'seed' && f.presence.clauses.some((c) => c.includes('§2')) ? f.presence : f.format;
  return [
    { ...base, id: `date-iso-t ${f.iface} ${site(f)}`, operator: 'date-format', violates: form, says: `${f.name} as ISO 8601 with a T`, breakage: onValue(f, (v) => v.replace(' ', 'T')) },
    { ...base, id: `date-zone-z ${f.iface} ${site(f)}`, operator: 'date-zone', violates: form, says: `${f.name} with a Z`, breakage: onValue(f, (v) => `${v}Z`) },
    { ...base, id: `date-offset ${f.iface} ${site(f)}`, operator: 'date-zone', violates: form, says: `${f.name} at +02:00 with its offset`, breakage: onValue(f, (v) => `${shifted(v, 2)}+02:00`) },
    { ...base, id: `date-local ${f.iface} ${site(f)}`, operator: 'date-zone', violates: f.format, says: `${f.name} in another zone (UTC+2), in the same form`, breakage: onValue(f, (v) => shifted(v, 2)) },
    { ...base, id: `date-millis ${f.iface} ${site(f)}`, operator: 'date-precision', violates: form, says: `${f.name} with milliseconds`, breakage: onValue(f, (v) => `${v}.000`) },
    { ...base, id: `date-minutes ${f.iface} ${site(f)}`, operator: 'date-precision', violates: form, says: `${f.name} without seconds`, breakage: onValue(f, (v) => v.slice(0, 16)) },
  ];
}

export function valueMutants(): Mutant[] {
  return (['trading', 'wallet'] as const).flatMap((iface) =>
    answerFields(iface)
      .filter((f) => f.answer === 'success')
      .flatMap((f) => [...(isDecimal(f) ? decimalMutants(f) : []), ...(isDate(f) ? dateMutants(f) : [])]),
  );
}
