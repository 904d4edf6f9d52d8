// Statuses and bytes: each status an operation documents answered as each sibling status
// (400/401/403/404/409/422/500, or 200 for an error), an error body outside the envelope; each
// operation's answers with a byte-order mark, without Content-Type, as text/plain, or declared in
// another charset.
import { loadSpec, operations, resolveRef, type Operation } from '../../../spec/index.js';
import { editBody, isSuccess, requestOf } from '../answer-edit.js';
import { decisionOf, seedOf, type Mutant, type Violation } from '../mutant.js';

const SIBLINGS = ['200', '400', '401', '403', '404', '409', '422', '500'];
const TRADING_ROWS = new Set(['200', '400', '401', '403', '404', '500']);

/** The rule that makes `status` the right answer where the operation gives it. */
function statusRule(op: Operation, status: string): Violation {
  if (op.iface === 'trading') {
    const doc = loadSpec('trading');
    const at = doc.paths[op.path][op.method.toLowerCase()];
    // Which request is "not found" (an unknown order, lead trader or symbol) is the operation's decision, not §7's.
    // A stop of a copy that does not exist answers a decided status (trading.copy-semantics#stop-unknown-status).
    const decided = (at['x-doppel-decision']?.id ?? at.parameters?.find((p: { 'x-doppel-decision'?: { id: string } }) => p['x-doppel-decision'])?.['x-doppel-decision']?.id ?? (op.operationId === 'stopCopy' ? 'trading.copy-semantics' : undefined)) as string | undefined;
    if (status === '404' && decided) return decisionOf(decided);
    if (TRADING_ROWS.has(status)) return seedOf(`trading §7 ${status}`);
    const raw = doc.paths[op.path][op.method.toLowerCase()].responses[status];
    const id = resolveRef(doc, raw)?.['x-doppel-decision']?.id as string | undefined;
    return decisionOf(id ?? 'trading.request-bodies');
  }
  if (status.startsWith('2')) return seedOf(`wallet §4 ${op.method} ${op.path}`);
  if (status === '429') return seedOf('wallet §8 Requests', 'wallet §7 bullet 2');
  return decisionOf('wallet.status-codes');
}

function statusMutants(op: Operation): Mutant[] {
  const is = requestOf(op.iface, op.operationId);
  return op.statuses
    .filter((s) => s !== '413')
    .flatMap((from) =>
      SIBLINGS.filter((to) => to !== from && (from.startsWith('2') ? !to.startsWith('2') : true)).map((to) => ({
        id: `status-sibling ${op.iface} ${op.operationId} ${from}->${to}`,
        family: 'status' as const,
        operator: 'status-sibling',
        iface: op.iface,
        site: `${op.operationId} ${from}`,
        violates: statusRule(op, from),
        says: `${from} answered as ${to}`,
        breakage: () => ({ response: (req, res) => (is(req) && String(res.status) === from ? { ...res, status: Number(to) } : res) }),
      })),
    );
}

function errorOutsideEnvelope(op: Operation): Mutant {
  const is = requestOf(op.iface, op.operationId);
  return {
    id: `error-outside-envelope ${op.iface} ${op.operationId}`,
    family: 'status',
    operator: 'error-outside-envelope',
    iface: op.iface,
    site: op.operationId,
    violates: op.iface === 'trading' ? decisionOf('trading.error-shape') : seedOf('wallet §7 bullet 1'),
    says: 'an error answered as {"message": …}',
    breakage: () => ({
      response: (req, res) => {
        if (!is(req) || res.status < 400) return res;
        return editBody(res, (b) => {
          if (!b || typeof b !== 'object') return false;
          for (const k of Object.keys(b)) delete b[k];
          b.message = 'failed';
          return true;
        });
      },
    }),
  };
}

const BYTES: { operator: string; says: string; edit: (res: { headers: Record<string, string>; body: string }) => { headers: Record<string, string>; body: string; bytes?: Buffer } }[] = [
  { operator: 'bom-added', says: 'a UTF-8 byte-order mark before the JSON', edit: (r) => ({ ...r, bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(r.body)]) }) },
  { operator: 'content-type-dropped', says: 'no Content-Type', edit: (r) => ({ ...r, headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => k !== 'content-type')) }) },
  { operator: 'content-type-text', says: 'Content-Type text/plain', edit: (r) => ({ ...r, headers: { ...r.headers, 'content-type': 'text/plain; charset=utf-8' } }) },
  { operator: 'charset-latin1', says: 'Content-Type application/json; charset=iso-8859-1', edit: (r) => ({ ...r, headers: { ...r.headers, 'content-type': 'application/json; charset=iso-8859-1' } }) },
  {
    operator: 'charset-utf-16',
    says: 'the JSON in UTF-16, declared so',
    edit: (r) => ({ ...r, headers: { ...r.headers, 'content-type': 'application/json; charset=utf-16le' }, bytes: Buffer.from(r.body, 'utf16le') }),
  },
];

function byteMutants(op: Operation): Mutant[] {
  const is = requestOf(op.iface, op.operationId);
  return BYTES.flatMap((b) =>
    (['success', 'error'] as const).map((answer) => ({
      id: `${b.operator} ${op.iface} ${op.operationId} ${answer}`,
      family: 'bytes' as const,
      operator: b.operator,
      iface: op.iface,
      site: `${op.operationId} ${answer}`,
      violates: seedOf(`${op.iface} §1 bullet 2`),
      says: b.says,
      breakage: () => ({ response: (req, res) => (is(req) && isSuccess(res) === (answer === 'success') ? { ...res, ...b.edit(res) } : res) }),
    })),
  );
}

export function statusAndByteMutants(): Mutant[] {
  return (['trading', 'wallet'] as const).flatMap((iface) => operations(iface).flatMap((op) => [...statusMutants(op), errorOutsideEnvelope(op), ...byteMutants(op)]));
}
