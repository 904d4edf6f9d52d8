// Which operation a request targets, from its method and URL path: the route table the fake
// routes by (route-table.ts), over the documents' operations. The checker names the operation of
// each exchange it records with it, and so do the proxy and a recording read back, so that the
// same request is the same operation wherever it was seen.
import { INTERFACES, type InterfaceName } from './load-spec.js';
import { operations, type Operation } from './operations.js';
import { createRouteTable, type RouteTable } from './route-table.js';

const tables = new Map<InterfaceName, RouteTable<Operation & { method: 'GET' | 'POST' | 'PUT' | 'DELETE' }>>();

function tableOf(iface: InterfaceName) {
  let table = tables.get(iface);
  if (!table) tables.set(iface, (table = createRouteTable(operations(iface) as (Operation & { method: 'GET' | 'POST' | 'PUT' | 'DELETE' })[])));
  return table;
}

/** The operation of `iface` that `method` and `path` (without query) reach; undefined for none. */
export function operationAt(iface: InterfaceName, method: string, path: string): Operation | undefined {
  return tableOf(iface).match(method.toUpperCase(), path)?.entry;
}

/** The interfaces with an operation at `method` and `path` (both for GET /api/v1/prices). */
export function interfacesAt(method: string, path: string): InterfaceName[] {
  return INTERFACES.filter((iface) => operationAt(iface, method, path) !== undefined);
}

/** The path parameters (decoded) of the operation `method` and `path` reach; undefined for none. */
export function pathParamsAt(iface: InterfaceName, method: string, path: string): Readonly<Record<string, string>> | undefined {
  return tableOf(iface).match(method.toUpperCase(), path)?.params;
}
