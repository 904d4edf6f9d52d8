// One breaking layer per relation of the resource graph (spec/resource-graph.ts), generated from
// the graph: each kind of relation has one way to break it, applied to whatever resource and
// carriers the relation names, in front of doppel mock (broken-proxy.ts). relation-kills.test.ts
// runs each and expects the relation's own assertion to fail the run.
import { getOperation, loadSpec, resolveRef, resourceGraph, type Carrier, type Relation, type Resource } from '../../spec/index.js';
import { toUnits, formatUnits } from '../../conformance/exchange/decimal.js';
import { pathOf, type Breakage, type ProxiedRequest, type ProxiedResponse } from './broken-proxy.js';

export interface RelationBreakage {
  relation: Relation;
  /** What the target does wrong. */
  name: string;
  breakage: () => Breakage;
  /** Scenario checks run besides the relation judge, for requests the explorer does not send (a second start of a copy). */
  traffic?: string[];
}

type Json = any;

/**
 * A record field's value changed into another of its kind: a string suffixed, a number or decimal
 * one unit up (`far`: an integer far from any id a listing holds).
 */
export function changed(value: unknown, far = false): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value + (far ? 1_000_000 : 1) : value * 1.5 + 1;
  if (typeof value === 'string') {
    const units = toUnits(value);
    if (units !== undefined && /^-?\d+\.\d{8}$/.test(value)) return formatUnits(units + 1n);
    return `${value}-x`;
  }
  return value === null ? 'x' : value;
}

/** The records a carrier holds in an answer body, with the container and key of each (to drop or add one). */
function recordsAt(body: Json, segments: readonly string[]): { record: Json; container: Json; key: string | number | undefined }[] {
  const out: { record: Json; container: Json; key: string | number | undefined }[] = [];
  const walk = (node: Json, rest: readonly string[], container: Json, key: string | number | undefined): void => {
    if (rest.length === 0) {
      if (node && typeof node === 'object' && !Array.isArray(node)) out.push({ record: node, container, key });
      return;
    }
    const [head, ...tail] = rest as [string, ...string[]];
    if (head === '*') {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, tail, node, i));
      else if (node && typeof node === 'object') for (const k of Object.keys(node)) walk(node[k], tail, node, k);
    } else if (node && typeof node === 'object' && head in node) walk(node[head], tail, node, head);
  };
  walk(body, segments, undefined, undefined);
  return out;
}

const matcherOf = (iface: Resource['iface'], operationId: string): ((req: ProxiedRequest) => boolean) => {
  const op = getOperation(iface, operationId);
  const re = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return (req) => req.method === op.method && re.test(pathOf(req));
};

/**
 * A breakage that edits the successful answers of some carriers: `edit` gets the parsed body, the
 * carrier and how many answers of that carrier came before; it changes the body in place.
 */
function editing(resource: Resource, carriers: readonly Carrier[], edit: (body: Json, carrier: Carrier, nth: number, req: ProxiedRequest) => void): () => Breakage {
  return () => {
    const seen = new Map<Carrier, number>();
    const matchers = carriers.map((c) => ({ c, is: matcherOf(resource.iface, c.operationId) }));
    return {
      response: (req: ProxiedRequest, res: ProxiedResponse): ProxiedResponse => {
        const hit = matchers.find((m) => m.is(req));
        if (!hit || res.status < 200 || res.status >= 300) return res;
        let body: Json;
        try {
          body = JSON.parse(res.body);
        } catch {
          return res;
        }
        const nth = seen.get(hit.c) ?? 0;
        seen.set(hit.c, nth + 1);
        edit(body, hit.c, nth, req);
        return { ...res, body: JSON.stringify(body) };
      },
    };
  };
}

/** Whether a carrier reads a field from its record (so that editing the record changes what the answer says of it). */
const readsFromRecord = (c: Carrier, field: string): boolean => (c.fields[field] ?? [{ from: 'record', name: field }]).some((s) => s.from === 'record' && s.name === field);
/** The record field a carrier reads a field from. */
const recordField = (c: Carrier, field: string): string => {
  const s = (c.fields[field] ?? [{ from: 'record', name: field }]).find((x) => x.from === 'record');
  return s && s.from === 'record' ? s.name : field;
};
const lists = (c: Carrier): boolean => c.role === 'lists' || c.role === 'lists-all';

/** The enum a record field has in a carrier's answer schema (the states a terminal relation moves among). */
function enumOf(resource: Resource, carrier: Carrier, field: string): unknown[] {
  const doc = loadSpec(resource.iface);
  const op = getOperation(resource.iface, carrier.operationId);
  let node = resolveRef(doc, { $ref: op.responsePointers['200'] });
  for (const seg of carrier.at) {
    node = resolveRef(doc, node);
    node = seg === '*' ? resolveRef(doc, node?.items ?? node?.additionalProperties) : resolveRef(doc, node?.properties?.[seg]);
  }
  const prop = resolveRef(doc, resolveRef(doc, node)?.properties?.[field]);
  return prop?.enum ?? [];
}

/** The scenario checks whose requests make a creation again (a copy of a trader already copied). */
const TRAFFIC: Record<Resource['iface'], string[]> = { trading: ['copy-conflict-status'], wallet: [] };

function breakageFor(rel: Relation): RelationBreakage | undefined {
  const resource = resourceGraph().resource(rel.iface, rel.resource);
  const carriers = resource.carriers;
  switch (rel.kind) {
    case 'unchanging': {
      // From its second answer on, one carrier shows another value: where the field is read from
      // the record and the request alike, the record disagrees with what was asked; else a listing,
      // else the last carrier, shows the record changed since the first answer.
      const field = rel.fields.find((f) => carriers.some((c) => readsFromRecord(c, f)));
      if (!field) return undefined;
      const from = carriers.filter((c) => readsFromRecord(c, field));
      const carrier = from.find((c) => (c.fields[field]?.length ?? 0) > 1) ?? from.find(lists) ?? (from[from.length - 1] as Carrier);
      const name = recordField(carrier, field);
      return {
        relation: rel,
        name: `${carrier.operationId} shows ${rel.resource} ${field} changed from its second answer on`,
        breakage: editing(resource, [carrier], (body, c, nth) => {
          if (nth === 0 && (c.fields[field]?.length ?? 0) < 2) return;
          for (const { record } of recordsAt(body, c.at)) if (record[name] !== undefined && record[name] !== null) record[name] = changed(record[name]);
        }),
      };
    }
    case 'unique': {
      if (rel.among === 'listing') {
        const carrier = carriers.find(lists);
        if (!carrier) return undefined;
        return {
          relation: rel,
          name: `${carrier.operationId} lists its first ${rel.resource} twice`,
          breakage: editing(resource, [carrier], (body, c) => {
            const [first] = recordsAt(body, c.at);
            if (first && Array.isArray(first.container)) first.container.push(structuredClone(first.record));
          }),
        };
      }
      // A key the request names (a copy's lead trader): a second creation the target refused is
      // accepted, answered as the first was.
      const asked = carriers.filter((c) => c.role === 'creates' && resource.key.every((k) => (c.fields[k] ?? []).some((s) => s.from === 'request')));
      if (asked.length > 0) {
        return {
          relation: rel,
          name: `${asked.map((c) => c.operationId).join(', ')} accept a ${rel.resource} made again, answered as the first`,
          traffic: TRAFFIC[rel.iface],
          breakage: () => {
            const made = new Map<string, string>();
            const is = asked.map((c) => matcherOf(resource.iface, c.operationId));
            return {
              response: (req, res) => {
                if (!is.some((m) => m(req))) return res;
                if (res.status >= 200 && res.status < 300) made.set(req.body, res.body);
                const again = made.get(req.body);
                return res.status >= 400 && res.status < 500 && again !== undefined ? { ...res, status: 200, body: again } : res;
              },
            };
          },
        };
      }
      // From the second creation on, the answer gives the first creation's key.
      const makers = carriers.filter((c) => c.role === 'creates' && resource.key.every((k) => readsFromRecord(c, k) || (c.fields[k] ?? []).some((s) => s.from === 'answer')));
      if (makers.length === 0) return undefined;
      /** Where an answer holds a key field: the record's own field, or a field of the answer (register's user_id). */
      const slot = (c: Carrier, body: Json, record: Json, k: string): { holder: Json; name: string } => {
        const s = (c.fields[k] ?? [{ from: 'record' as const, name: k }])[0];
        if (s?.from === 'answer') return { holder: s.pointer.slice(0, -1).reduce((n: Json, p: string) => n?.[p], body), name: s.pointer[s.pointer.length - 1] as string };
        return { holder: record, name: s?.from === 'record' ? s.name : k };
      };
      return {
        relation: rel,
        name: `${makers.map((c) => c.operationId).join(', ')} answer the first ${rel.resource}'s key again`,
        breakage: () => {
          let firstKey: Record<string, unknown> | undefined;
          return editing(resource, makers, (body, c) => {
            for (const { record } of recordsAt(body, c.at)) {
              const slots = resource.key.map((k) => [k, slot(c, body, record, k)] as const);
              if (!firstKey) firstKey = Object.fromEntries(slots.map(([k, at]) => [k, at.holder?.[at.name]]));
              else for (const [k, at] of slots) if (at.holder) at.holder[at.name] = firstKey[k];
            }
          })();
        },
      };
    }
    case 'reference':
    case 'derived': {
      // Every answer that shows the record shows the field changed alike: the records agree among
      // themselves, not with what they refer to.
      const fields = rel.kind === 'reference' ? rel.fields.slice(0, 1) : rel.fields;
      const from = carriers.filter((c) => fields.every((f) => readsFromRecord(c, f)));
      if (from.length === 0) return undefined;
      return {
        relation: rel,
        name: `every answer showing a ${rel.resource} gives its ${fields.join(', ')} changed alike`,
        breakage: editing(resource, from, (body, c) => {
          for (const { record } of recordsAt(body, c.at)) for (const f of fields) if (typeof record[recordField(c, f)] === 'string' || typeof record[recordField(c, f)] === 'number') record[recordField(c, f)] = changed(record[recordField(c, f)], rel.kind === 'reference');
        }),
      };
    }
    case 'involves': {
      const carrier = carriers.find(lists);
      if (!carrier) return undefined;
      return {
        relation: rel,
        name: `${carrier.operationId} also lists a ${rel.resource} of another ${String(resource.scope.kind === 'parent' ? resource.scope.resource : 'parent')}`,
        breakage: editing(resource, [carrier], (body, c) => {
          const [first] = recordsAt(body, c.at);
          if (!first || !Array.isArray(first.container)) return;
          const stranger = structuredClone(first.record);
          for (const f of [...resource.key, ...rel.fields]) if (typeof stranger[f] === 'string') stranger[f] = changed(stranger[f]);
          first.container.push(stranger);
        }),
      };
    }
    case 'stays-listed': {
      const carrier = carriers.find((c) => c.role === 'lists-all');
      if (!carrier) return undefined;
      return {
        relation: rel,
        name: `${carrier.operationId} leaves out its last ${rel.resource} from its second answer on`,
        breakage: editing(resource, [carrier], (body, c, nth) => {
          if (nth === 0) return;
          const all = recordsAt(body, c.at);
          const last = all[all.length - 1];
          if (last && Array.isArray(last.container)) last.container.splice(last.key as number, 1);
        }),
      };
    }
    case 'own-only': {
      // A listing also holds a record another caller's listing held.
      const carrier = carriers.find(lists);
      if (!carrier) return undefined;
      const header = resource.iface === 'trading' ? 'api-key' : 'x-api-key';
      return {
        relation: rel,
        name: `${carrier.operationId} also lists a ${rel.resource} another caller made`,
        breakage: () => {
          const made = new Map<string, Json[]>();
          const makers = carriers.filter((c) => c.role === 'creates');
          const inner = editing(resource, [carrier, ...makers], (body, c, _nth, req) => {
            const caller = req.headers[header] ?? '';
            if (c.role === 'creates') {
              made.set(caller, [...(made.get(caller) ?? []), ...recordsAt(body, c.at).map((r) => structuredClone(r.record))]);
              return;
            }
            const [first] = recordsAt(body, c.at);
            const list = first?.container ?? (carrier.at.length === 2 ? body?.[carrier.at[0] as string] : undefined);
            if (!Array.isArray(list)) return;
            for (const [other, records] of made) if (other !== caller && records.length) list.push(records[records.length - 1]);
          });
          return inner();
        },
      };
    }
    case 'terminal': {
      const field = rel.fields[0] as string;
      const carrier = carriers.find(lists);
      if (!carrier) return undefined;
      const moving = enumOf(resource, carrier, field).find((v) => !rel.values?.includes(v as string));
      if (moving === undefined) return undefined;
      return {
        relation: rel,
        name: `${carrier.operationId} shows a ${rel.resource} ${rel.values?.join(' or ')} as ${String(moving)} again from its second answer on`,
        breakage: editing(resource, [carrier], (body, c, nth) => {
          if (nth === 0) return;
          for (const { record } of recordsAt(body, c.at)) if (rel.values?.includes(record[field])) record[field] = moving;
        }),
      };
    }
  }
}

export const RELATION_BREAKAGES: readonly RelationBreakage[] = resourceGraph()
  .relations.map(breakageFor)
  .filter((b): b is RelationBreakage => b !== undefined);
