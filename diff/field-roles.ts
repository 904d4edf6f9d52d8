// What each field of an answer is, read from the resource graph (spec/resource-graph.ts,
// `x-doppel-resources`): where an answer holds records of a resource, which of those are listings
// (compared by membership and order, records matched by key), and which fields the target mints
// (the key of a resource a request creates, and its addresses: any field not taken from the request).
import { isSecretName, resourceGraph, type InterfaceName, type Resource } from '../spec/index.js';

export interface RecordRole {
  resource: Resource;
  /** The records are the elements of a listing at this path (the carrier's `at` ends in `*`). */
  listing: boolean;
  /** Fields the answer gives under another name at the record's level (register's `user_id` is the user's id). */
  aliases: ReadonlyMap<string, string>;
}

/** Whether a pointer pattern (`*` any one segment) matches a path. */
const matches = (pattern: readonly string[], path: readonly string[]): boolean => pattern.length === path.length && pattern.every((p, i) => p === '*' || p === path[i]);

/** The resource whose records sit at `path` of the operation's answer, if any. */
export function recordAt(iface: InterfaceName, operationId: string | null, path: readonly string[]): RecordRole | undefined {
  if (operationId === null) return undefined;
  for (const { resource, carrier } of resourceGraph().carriersOf(iface, operationId)) {
    if (!matches(carrier.at, path)) continue;
    const aliases = new Map<string, string>();
    for (const [field, sources] of Object.entries(carrier.fields)) {
      for (const s of sources) if (s.from === 'answer' && s.pointer.length === carrier.at.length + 1 && matches(carrier.at, s.pointer.slice(0, -1))) aliases.set(s.pointer[s.pointer.length - 1] as string, field);
    }
    return { resource, listing: carrier.at[carrier.at.length - 1] === '*' && (carrier.role === 'lists' || carrier.role === 'lists-all'), aliases };
  }
  return undefined;
}

/** The resource listed in the array at `path` of the operation's answer, if it is a listing. */
export function listingAt(iface: InterfaceName, operationId: string | null, path: readonly string[]): Resource | undefined {
  const role = recordAt(iface, operationId, [...path, '*']);
  return role?.listing ? role.resource : undefined;
}

const minted = new Map<Resource, ReadonlySet<string>>();

/**
 * The fields of a resource its target mints: for a resource a request creates, its key fields and
 * those compared caseless (addresses), unless the creating request gives them.
 */
export function mintedFields(resource: Resource): ReadonlySet<string> {
  let fields = minted.get(resource);
  if (fields) return fields;
  const creators = resource.carriers.filter((c) => c.role === 'creates');
  const given = (name: string) => creators.some((c) => (c.fields[name] ?? []).some((s) => s.from === 'request' || s.from === 'path' || s.from === 'const'));
  const candidates = [...resource.key, ...resource.alsoKey, ...Object.entries(resource.compare).filter(([, how]) => how === 'caseless').map(([name]) => name)];
  fields = new Set(creators.length === 0 ? [] : candidates.filter((name) => !given(name)));
  minted.set(resource, fields);
  return fields;
}

/** The namespace a field's identifiers are paired in, when the target mints it; undefined for a field compared as a value. */
export function identifierNamespace(iface: InterfaceName, record: RecordRole | undefined, field: string): string | undefined {
  // A token, a key: minted by the target and never compared as a value (spec/secret-name.ts).
  if (isSecretName(field)) return `${iface} secret ${field}`;
  const name = record?.aliases.get(field) ?? field;
  if (record && mintedFields(record.resource).has(name)) return `${iface} ${record.resource.name}.${name}`;
  return undefined;
}
