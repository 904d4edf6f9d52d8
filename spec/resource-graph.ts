// The resource graph of both documents (`x-doppel-resources` at the top of each): the resources of
// §2, each with its key, where its key lives (its scope), the answers that carry it and the
// relations that must hold between answers that show it. Read once from the spec and checked
// here, so that the checker judges every relation generically (conformance/checks/state/
// resource-relations.ts) and a resource or field added to the spec is judged without new code.
import { decisions } from './decisions.js';
import { INTERFACES, loadSpec, type InterfaceName } from './load-spec.js';
import { operations } from './operations.js';

/** How two values of a field are compared: as given, case aside (symbols, addresses, e-mails), or as decimal numbers. */
export type Comparison = 'exact' | 'caseless' | 'decimal';

/**
 * Where a value comes from: a field of the carried record (`name`), a pointer into the answer
 * (`/user_id`), a body field sent (`request/name`), a path parameter (`path/id`), or the value the
 * operation implies (`const/spot`: an order placed by placeSpotOrder is a spot order).
 */
export type FieldSource =
  | { from: 'record'; name: string }
  | { from: 'const'; value: string }
  | { from: 'answer'; pointer: string[] }
  | { from: 'request'; name: string }
  | { from: 'path'; name: string };

export type CarrierRole = 'creates' | 'ends' | 'lists' | 'lists-all' | 'shows';

/** One answer that shows a resource: where in the answer its records are, and where each field is read. */
export interface Carrier {
  operationId: string;
  /** Pointer segments to the record(s); `*` takes every element of an array or value of an object. */
  at: string[];
  /** creates: an accepted request makes a new one; ends: it ends (a stop); lists: a listing that may leave some out (a limit, a filter); lists-all: every one of its scope. */
  role: CarrierRole;
  /** Sources per field, where they are not the record's own field; several sources must agree. */
  fields: Readonly<Record<string, readonly FieldSource[]>>;
  /** For a resource scoped to a parent: the parent's key fields and where they are read. */
  parent: Readonly<Record<string, FieldSource>> | undefined;
  /** Where the answer gives a credential that stands for the carried record (a login's token), or `caller`: the calling credential does. */
  identifiesCaller: FieldSource | 'caller' | undefined;
}

export type RelationKind = 'unchanging' | 'unique' | 'reference' | 'derived' | 'involves' | 'stays-listed' | 'own-only' | 'terminal';

/** Where a relation comes from: clauses of the documents (seed), or a doppel decision. */
export type RelationSource = { kind: 'seed'; clauses: readonly string[] } | { kind: 'decision'; decision: string; refines: readonly string[] };

export interface Relation {
  /** `wallet.symbol-derived`: the resource and what it judges; the assertion id of the relation judge. */
  id: string;
  iface: InterfaceName;
  resource: string;
  kind: RelationKind;
  says: string;
  source: RelationSource;
  /** unchanging: the fields; reference: the referring fields; derived: the derived field; involves: the child's fields, one of which holds the parent's; terminal: the state field. */
  fields: readonly string[];
  /** unique: within one listing answer, or across accepted creations. */
  among?: 'listing' | 'creations';
  /** unique among creations: the scope the key is unique in, when wider than the resource's own. */
  scope?: Scope;
  /** reference: the resource referred to (its key fields, in order); derived: the reference field it goes through. */
  to?: string;
  via?: string;
  /** derived: the field of the referred record it equals; involves: the parent's field. */
  equals?: string;
  /** terminal: the values after which the field never changes. */
  values?: readonly string[];
}

/** Where a key is unique: the whole interface, each caller (its principal), or each parent record. */
export type Scope = { kind: 'interface' } | { kind: 'caller' } | { kind: 'parent'; resource: string };

export interface Resource {
  iface: InterfaceName;
  name: string;
  says: string;
  key: readonly string[];
  /** Further fields that each identify a record on their own (a user's e-mail). */
  alsoKey: readonly string[];
  scope: Scope;
  compare: Readonly<Record<string, Comparison>>;
  carriers: readonly Carrier[];
  relations: readonly Relation[];
}

export interface ResourceGraph {
  resources: readonly Resource[];
  relations: readonly Relation[];
  /** The carriers of one operation, with their resource. */
  carriersOf(iface: InterfaceName, operationId: string): readonly { resource: Resource; carrier: Carrier }[];
  resource(iface: InterfaceName, name: string): Resource;
}

const KINDS: readonly RelationKind[] = ['unchanging', 'unique', 'reference', 'derived', 'involves', 'stays-listed', 'own-only', 'terminal'];
const ROLES: readonly CarrierRole[] = ['creates', 'ends', 'lists', 'lists-all', 'shows'];

const list = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

function source(text: string, where: string): FieldSource {
  if (text.startsWith('/')) return { from: 'answer', pointer: text.slice(1).split('/') };
  const [head, ...rest] = text.split('/');
  if (rest.length === 1 && (head === 'request' || head === 'path')) return { from: head, name: rest[0] as string };
  if (rest.length === 1 && head === 'const') return { from: 'const', value: rest[0] as string };
  if (rest.length === 0 && /^[a-z_][a-z0-9_]*$/i.test(text)) return { from: 'record', name: text };
  throw new Error(`${where}: field source "${text}" is none of name, /pointer, request/x, path/x, const/v`);
}

function scopeOf(text: unknown, where: string): Scope {
  if (text === 'interface') return { kind: 'interface' };
  if (text === 'caller') return { kind: 'caller' };
  const m = typeof text === 'string' ? /^parent ([a-z-]+)$/.exec(text) : null;
  if (m) return { kind: 'parent', resource: m[1] as string };
  throw new Error(`${where}: scope "${String(text)}" is none of interface, caller, parent <resource>`);
}

function readResource(iface: InterfaceName, name: string, raw: Record<string, any>): Resource {
  const where = `${iface} x-doppel-resources.${name}`;
  const ops = new Set(operations(iface).map((o) => o.operationId));
  const carriers: Carrier[] = (raw['carried-by'] ?? []).map((c: Record<string, any>, i: number): Carrier => {
    const at = `${where}.carried-by[${i}]`;
    if (!ops.has(c['operation'])) throw new Error(`${at}: no operation ${c['operation']} in the ${iface} spec`);
    const role = (c['role'] ?? 'shows') as CarrierRole;
    if (!ROLES.includes(role)) throw new Error(`${at}: role ${role} is none of ${ROLES.join(', ')}`);
    const fields = Object.fromEntries(Object.entries(c['fields'] ?? {}).map(([f, v]) => [f, list(v).map((s) => source(s, at))]));
    const parent = c['parent'] ? Object.fromEntries(Object.entries(c['parent']).map(([f, v]) => [f, source(String(v), at)])) : undefined;
    const idc = c['identifies-caller'];
    return {
      operationId: c['operation'],
      at: String(c['at'] ?? '') === '' ? [] : String(c['at']).replace(/^\//, '').split('/'),
      role,
      fields,
      parent,
      identifiesCaller: idc === undefined ? undefined : idc === 'caller' ? 'caller' : source(String(idc), at),
    };
  });
  const relations: Relation[] = (raw['relations'] ?? []).map((r: Record<string, any>, i: number): Relation => {
    const at = `${where}.relations[${i}]`;
    const kind = r['kind'] as RelationKind;
    if (!KINDS.includes(kind)) throw new Error(`${at}: kind ${kind} is none of ${KINDS.join(', ')}`);
    const fields = list(r['fields'] ?? r['field']);
    const suffix = kind === 'unique' ? `unique-in-${r['among'] === 'creations' ? 'creations' : 'listing'}` : kind === 'reference' || kind === 'derived' ? `${fields.join('-')}-${kind}` : kind;
    const rel: Relation = {
      id: r['id'] ?? `${name}.${suffix}`,
      iface,
      resource: name,
      kind,
      says: String(r['says'] ?? ''),
      source: r['decision'] ? { kind: 'decision', decision: r['decision'], refines: list(r['refines']) } : { kind: 'seed', clauses: list(r['seed']) },
      fields,
    };
    if (kind === 'unique') rel.among = r['among'] === 'creations' ? 'creations' : 'listing';
    if (r['scope'] !== undefined) rel.scope = scopeOf(r['scope'], at);
    if (r['to'] !== undefined) rel.to = r['to'];
    if (r['via'] !== undefined) rel.via = r['via'];
    if (r['equals'] !== undefined || r['parent-field'] !== undefined) rel.equals = r['equals'] ?? r['parent-field'];
    if (r['values'] !== undefined) rel.values = list(r['values']);
    return rel;
  });
  return {
    iface,
    name,
    says: String(raw['says'] ?? ''),
    key: list(raw['key']),
    alsoKey: list(raw['also-key']),
    scope: scopeOf(raw['scope'] ?? 'interface', where),
    compare: raw['compare'] ?? {},
    carriers,
    relations,
  };
}

/**
 * What the graph must hold for the judge to read it: every relation sourced and well-formed. (That
 * each cited clause exists is test/docs' check of every assertion's citations: the relations are
 * the assertions of the relation judge.)
 */
function validate(resources: readonly Resource[]): void {
  const decisionIds = new Set(decisions().map((d) => d.id));
  const ids = new Set<string>();
  for (const r of resources) {
    const where = `${r.iface} x-doppel-resources.${r.name}`;
    if (r.key.length === 0) throw new Error(`${where}: no key`);
    if (r.scope.kind === 'parent' && !resources.some((p) => p.iface === r.iface && p.name === (r.scope as { resource: string }).resource)) throw new Error(`${where}: no parent resource`);
    if (r.scope.kind === 'parent' && r.carriers.some((c) => !c.parent)) throw new Error(`${where}: a carrier of a resource scoped to a parent names no parent`);
    for (const rel of r.relations) {
      if (ids.has(rel.id)) throw new Error(`${where}: relation id ${rel.id} twice`);
      ids.add(rel.id);
      if (!rel.says) throw new Error(`${where}: relation ${rel.id} says nothing`);
      const cited = rel.source.kind === 'seed' ? rel.source.clauses : rel.source.refines;
      if (rel.source.kind === 'seed' && cited.length === 0) throw new Error(`${where}: seed relation ${rel.id} cites no clause`);
      if (rel.source.kind === 'decision' && !decisionIds.has(rel.source.decision)) throw new Error(`${where}: relation ${rel.id}: no decision ${rel.source.decision}`);
      const target = rel.to === undefined ? undefined : resources.find((t) => t.iface === r.iface && t.name === rel.to);
      if (rel.kind === 'reference' && (!target || target.key.length !== rel.fields.length)) throw new Error(`${where}: reference ${rel.id} names no resource whose key has ${rel.fields.length} field(s)`);
      if (rel.kind === 'derived' && !r.relations.some((x) => x.kind === 'reference' && x.fields.length === 1 && x.fields[0] === rel.via)) throw new Error(`${where}: derived ${rel.id} goes through no reference field ${String(rel.via)}`);
      if (rel.kind === 'involves' && (r.scope.kind !== 'parent' || !rel.equals)) throw new Error(`${where}: involves ${rel.id} needs a parent scope and a parent-field`);
      if (rel.kind === 'stays-listed' && !r.carriers.some((c) => c.role === 'lists-all')) throw new Error(`${where}: stays-listed ${rel.id} without a carrier that lists all`);
      if (rel.kind === 'own-only' && r.scope.kind !== 'caller') throw new Error(`${where}: own-only ${rel.id} on a resource not scoped to the caller`);
      if (rel.kind === 'terminal' && !rel.values?.length) throw new Error(`${where}: terminal ${rel.id} names no values`);
      if ((rel.kind === 'unchanging' || rel.kind === 'terminal' || rel.kind === 'involves') && rel.fields.length === 0) throw new Error(`${where}: ${rel.id} names no field`);
    }
    // A field read from two sources in one answer is compared by an unchanging relation.
    const unchanging = new Set(r.relations.filter((x) => x.kind === 'unchanging').flatMap((x) => x.fields));
    for (const c of r.carriers) for (const [f, s] of Object.entries(c.fields)) if (s.length > 1 && !unchanging.has(f)) throw new Error(`${where}: ${c.operationId} reads ${f} from ${s.length} sources, but no unchanging relation names ${f}`);
  }
}

let graph: ResourceGraph | undefined;

export function resourceGraph(): ResourceGraph {
  if (graph) return graph;
  const resources = INTERFACES.flatMap((iface) => Object.entries((loadSpec(iface)['x-doppel-resources'] ?? {}) as Record<string, Record<string, any>>).map(([name, raw]) => readResource(iface, name, raw)));
  validate(resources);
  const byOp = new Map<string, { resource: Resource; carrier: Carrier }[]>();
  for (const resource of resources) {
    for (const carrier of resource.carriers) {
      const k = `${resource.iface} ${carrier.operationId}`;
      byOp.set(k, [...(byOp.get(k) ?? []), { resource, carrier }]);
    }
  }
  graph = {
    resources,
    relations: resources.flatMap((r) => r.relations),
    carriersOf: (iface, operationId) => byOp.get(`${iface} ${operationId}`) ?? [],
    resource: (iface, name) => {
      const found = resources.find((r) => r.iface === iface && r.name === name);
      if (!found) throw new Error(`no ${iface} resource ${name}`);
      return found;
    },
  };
  return graph;
}
