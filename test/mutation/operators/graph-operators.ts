// From the resource graph and the operations' query parameters: each listing's items duplicated,
// one dropped, the order reversed; each query parameter ignored, a filtered listing cut before it
// is filtered; each unchanging field of each carrier changed in one answer; each reference broken.
import { getOperation, loadSpec, operations, resourceGraph, type Carrier, type Operation, type Relation, type Resource } from '../../../spec/index.js';
import { interfaceClauses } from '../interface-clauses.js';
import { changed } from '../../conformance/relation-breakages.js';
import { answerFields } from '../answer-fields.js';
import { editBody, isSuccess, requestOf, slotsAt } from '../answer-edit.js';
import { decisionOf, seedOf, type Mutant, type Violation } from '../mutant.js';

type Json = any;
type Iface = 'trading' | 'wallet';

const sourceOf = (r: Relation): Violation => (r.source.kind === 'seed' ? seedOf(...r.source.clauses) : decisionOf(r.source.decision));
const row = (op: Operation): Violation => seedOf(`${op.iface} §4 ${op.method} ${op.path}`);
const opDecision = (op: Operation): { id: string; summary: string } | undefined => loadSpec(op.iface).paths[op.path][op.method.toLowerCase()]['x-doppel-decision'];

/** The listing arrays of an answer: each carrier with role lists or lists-all whose records are items of an array. */
function listings(): { resource: Resource; carrier: Carrier; op: Operation; container: string[] }[] {
  const out: { resource: Resource; carrier: Carrier; op: Operation; container: string[] }[] = [];
  for (const resource of resourceGraph().resources) {
    for (const carrier of resource.carriers) {
      if (carrier.role !== 'lists' && carrier.role !== 'lists-all') continue;
      const container = carrier.at.slice(0, -1);
      const field = answerFields(resource.iface).find((f) => f.op.operationId === carrier.operationId && f.answer === 'success' && f.path.join('/') === container.join('/'));
      const isArray = container.length === 0 || field?.schema?.type === 'array';
      if (isArray) out.push({ resource, carrier, op: getOperation(resource.iface, carrier.operationId), container });
    }
  }
  return out;
}

let listed: ReturnType<typeof listings> | undefined;
const LISTINGS = (): ReturnType<typeof listings> => (listed ??= listings());

function onList(iface: Iface, op: Operation, container: string[], edit: (list: Json[]) => boolean): Mutant['breakage'] {
  const is = requestOf(iface, op.operationId);
  return () => ({
    response: (req, res) =>
      is(req) && isSuccess(res)
        ? editBody(res, (body) => {
            const lists = container.length === 0 ? [body] : slotsAt(body, container).map(({ parent, key }) => parent[key]);
            return lists.filter(Array.isArray).map(edit).some(Boolean);
          })
        : res,
  });
}

function listingMutants(): Mutant[] {
  return LISTINGS().flatMap(({ resource, carrier, op, container }) => {
    const site = `${op.operationId} /${container.join('/')}`;
    const base = { family: 'listing' as const, iface: resource.iface, site };
    const unique = resource.relations.find((r) => r.kind === 'unique' && r.among === 'listing');
    const order = opDecision(op);
    const ordered = order && /first/i.test(order.summary) ? decisionOf(order.id) : undefined;
    return [
      {
        ...base,
        id: `item-duplicated ${resource.iface} ${site}`,
        operator: 'item-duplicated',
        violates: unique ? sourceOf(unique) : row(op),
        says: `the first ${resource.name} listed twice`,
        ...(unique ? {} : { equivalent: `no rule makes a ${resource.name} appear once in the listing` }),
        breakage: onList(resource.iface, op, container, (l) => l.length > 0 && Boolean(l.push(structuredClone(l[0])))),
      },
      { ...base, id: `item-dropped ${resource.iface} ${site} first`, operator: 'item-dropped', violates: row(op), says: `the first ${resource.name} left out`, breakage: onList(resource.iface, op, container, (l) => l.length > 0 && Boolean(l.shift() ?? true)) },
      { ...base, id: `item-dropped ${resource.iface} ${site} last`, operator: 'item-dropped', violates: row(op), says: `the last ${resource.name} left out`, breakage: onList(resource.iface, op, container, (l) => l.length > 0 && Boolean(l.pop() ?? true)) },
      {
        ...base,
        id: `items-reordered ${resource.iface} ${site}`,
        operator: 'items-reordered',
        violates: ordered ?? row(op),
        says: 'the listing in reverse order',
        ...(ordered ? {} : { equivalent: `the documents leave the order of the ${resource.name} listing open` }),
        breakage: onList(resource.iface, op, container, (l) => l.length > 1 && Boolean(l.reverse())),
      },
    ] satisfies Mutant[];
  });
}


/** The rule a query parameter's meaning comes from: its row, else its decision, else the operation's. */
function queryRule(op: Operation, name: string): Violation {
  const id = `${op.iface} §4 Query of ${op.method} ${op.path}.${name}`;
  if (interfaceClauses(op.iface).has(id)) return seedOf(id);
  const raw = loadSpec(op.iface).paths[op.path][op.method.toLowerCase()].parameters?.find((p: Json) => p.name === name);
  const own = raw?.['x-doppel-decision']?.id as string | undefined;
  return own ? decisionOf(own) : opDecision(op) ? decisionOf(opDecision(op)!.id) : row(op);
}

const withoutQuery = (path: string, names: readonly string[]): string => {
  const [p, q = ''] = path.split('?');
  const params = new URLSearchParams(q);
  for (const n of names) params.delete(n);
  const rest = params.toString();
  return rest ? `${p}?${rest}` : (p as string);
};

function queryMutants(): Mutant[] {
  const out: Mutant[] = [];
  for (const iface of ['trading', 'wallet'] as const) {
    for (const op of operations(iface)) {
      const query = op.parameters.filter((p) => p.in === 'query');
      const is = requestOf(iface, op.operationId);
      for (const p of query) {
        out.push({
          id: `query-ignored ${iface} ${op.operationId} ${p.name}`,
          family: 'listing',
          operator: 'query-ignored',
          iface,
          site: `${op.operationId} ?${p.name}`,
          violates: queryRule(op, p.name),
          says: `${p.name} ignored`,
          ...(p.required ? { equivalent: `${p.name} is required: without it the request is refused, which is another mutant` } : {}),
          breakage: () => ({ request: (req) => (is(req) && req.path.includes('?') ? { ...req, path: withoutQuery(req.path, [p.name]) } : req) }),
        });
      }
      // A listing with a limit and filters: the limit taken before the filters (RESTler's "cut before filtering").
      const filters = query.filter((p) => p.name !== 'limit' && Array.isArray(p.schema.enum ?? resolveEnum(iface, p.schema)));
      const container = LISTINGS().find((l) => l.op.operationId === op.operationId)?.container;
      if (!query.some((p) => p.name === 'limit') || container === undefined) continue;
      for (const f of filters) {
        out.push({
          id: `cut-before-filter ${iface} ${op.operationId} ${f.name}`,
          family: 'listing',
          operator: 'cut-before-filter',
          iface,
          site: `${op.operationId} ?${f.name}`,
          violates: queryRule(op, f.name),
          says: `the listing cut to limit before ${f.name} filters it`,
          breakage: () => {
            const wanted = new WeakMap<object, string>();
            return {
              request: (req) => {
                if (!is(req)) return req;
                const v = new URLSearchParams(req.path.split('?')[1] ?? '').get(f.name);
                if (v === null) return req;
                const next = { ...req, path: withoutQuery(req.path, [f.name]) };
                wanted.set(next, v);
                return next;
              },
              response: (req, res) => {
                const v = wanted.get(req);
                if (v === undefined || !isSuccess(res)) return res;
                return editBody(res, (body) => {
                  const lists = container.length === 0 ? [body] : slotsAt(body, container).map(({ parent, key }) => parent[key]);
                  let cut = false;
                  for (const l of lists.filter(Array.isArray)) {
                    const keep = l.filter((x: Json) => String(x?.[f.name]) === v);
                    if (keep.length !== l.length) cut = true;
                    l.splice(0, l.length, ...keep);
                  }
                  return cut;
                });
              },
            };
          },
        });
      }
    }
  }
  return out;
}

function resolveEnum(iface: Iface, schema: Json): unknown {
  if (typeof schema?.$ref !== 'string') return undefined;
  const name = schema.$ref.split('/').pop();
  return loadSpec(iface).components.schemas[name]?.enum;
}

/** Records of one carrier in an answer body. */
const recordsAt = (body: Json, carrier: Carrier): Json[] =>
  (carrier.at.length === 0 ? [body] : slotsAt(body, carrier.at).map(({ parent, key }) => parent[key])).filter((r) => r && typeof r === 'object' && !Array.isArray(r));

/** Edits the records of the nth answer of one carrier that holds any (0: the first). */
function onCarrier(resource: Resource, carrier: Carrier, edit: (record: Json, nth: number) => boolean): Mutant['breakage'] {
  const is = requestOf(resource.iface, carrier.operationId);
  return () => {
    let nth = 0;
    return {
      response: (req, res) => {
        if (!is(req) || !isSuccess(res)) return res;
        let held = false;
        const next = editBody(res, (body) => {
          const records = recordsAt(body, carrier);
          held = records.length > 0;
          return records.map((r) => edit(r, nth)).some(Boolean);
        });
        if (held) nth++;
        return next;
      },
    };
  };
}

function relationMutants(): Mutant[] {
  const out: Mutant[] = [];
  for (const resource of resourceGraph().resources) {
    for (const rel of resource.relations) {
      if (rel.kind === 'unchanging') {
        for (const field of rel.fields) {
          for (const carrier of resource.carriers) {
            // One answer only: a creation's or an end's own answer, else the second of a read.
            const which = carrier.role === 'creates' || carrier.role === 'ends' ? 0 : 1;
            out.push({
              id: `field-changed-once ${resource.iface} ${carrier.operationId} ${resource.name}.${field}`,
              family: 'relation',
              operator: 'field-changed-once',
              iface: resource.iface,
              site: `${carrier.operationId} ${resource.name}.${field}`,
              violates: sourceOf(rel),
              says: `${resource.name}.${field} changed in answer ${which + 1} of ${carrier.operationId}`,
              breakage: onCarrier(resource, carrier, (record, nth) => {
                if (nth !== which || !(field in record) || record[field] === null) return false;
                record[field] = changed(record[field]);
                return true;
              }),
            });
          }
        }
      }
      if (rel.kind === 'reference') {
        for (const carrier of resource.carriers) {
          out.push({
            id: `reference-broken ${resource.iface} ${carrier.operationId} ${rel.id}`,
            family: 'relation',
            operator: 'reference-broken',
            iface: resource.iface,
            site: `${carrier.operationId} ${rel.fields.join(',')}`,
            violates: sourceOf(rel),
            says: `${rel.fields.join(' and ')} naming no ${rel.to}`,
            breakage: onCarrier(resource, carrier, (record) => {
              const f = rel.fields[0] as string;
              if (!(f in record) || record[f] === null) return false;
              record[f] = changed(record[f], true);
              return true;
            }),
          });
        }
      }
    }
  }
  return out;
}

export function graphMutants(): Mutant[] {
  return [...listingMutants(), ...queryMutants(), ...relationMutants()];
}
