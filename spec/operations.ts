// The operation table of each document: method, path, security, permission and schemas per operationId.
import { escapePointer, loadSpec, resolveRef, type InterfaceName } from './load-spec.js';

export type Permission = 'none' | 'read' | 'trade';

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Record<string, any>;
}

export interface Operation {
  iface: InterfaceName;
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path template, e.g. `/api/v1/wallets/{id}/balance`. */
  path: string;
  /** True when the operation needs a key (the document's security is not empty). */
  secured: boolean;
  /** Trading's `x-permission`; `none` for public operations. */
  permission: Permission;
  parameters: ParameterSpec[];
  /** JSON pointer of the request body schema in the document, if the operation takes a body. */
  requestBodyPointer: string | null;
  requestBodyRequired: boolean;
  /** Documented statuses, as strings ('200', '400', …). */
  statuses: string[];
  /** JSON pointer of the response schema per status. */
  responsePointers: Record<string, string>;
  /** Header names documented per status (lower-case). */
  responseHeaders: Record<string, string[]>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const tables = new Map<InterfaceName, Operation[]>();
const byId = new Map<InterfaceName, Map<string, Operation>>();

export function operations(iface: InterfaceName): Operation[] {
  let table = tables.get(iface);
  if (!table) {
    table = buildTable(iface);
    tables.set(iface, table);
  }
  return table;
}

/** By operationId; the validators call it on every request, so it is a map lookup. */
export function getOperation(iface: InterfaceName, operationId: string): Operation {
  let index = byId.get(iface);
  if (index === undefined) byId.set(iface, (index = new Map(operations(iface).map((o) => [o.operationId, o]))));
  const op = index.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the ${iface} document`);
  return op;
}

function buildTable(iface: InterfaceName): Operation[] {
  const doc = loadSpec(iface);
  const rootSecurity: unknown[] = doc.security ?? [];
  const result: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const base = `#/paths/${escapePointer(path)}/${method}`;
      const security: unknown[] = op.security ?? rootSecurity;
      const parameters: ParameterSpec[] = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p: any) => resolveRef(doc, p))
        .map((p: any) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} }));
      const responsePointers: Record<string, string> = {};
      const responseHeaders: Record<string, string[]> = {};
      for (const [status, raw] of Object.entries<any>(op.responses ?? {})) {
        const pointer = typeof raw.$ref === 'string' ? raw.$ref : `${base}/responses/${status}`;
        const response = resolveRef(doc, raw);
        if (response?.content?.['application/json']?.schema) {
          responsePointers[status] = `${pointer}/content/application~1json/schema`;
        }
        responseHeaders[status] = Object.keys(response?.headers ?? {}).map((h) => h.toLowerCase());
      }
      const body = op.requestBody ? resolveRef(doc, op.requestBody) : null;
      result.push({
        iface,
        operationId: op.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: security.length > 0,
        permission: (op['x-permission'] as Permission | undefined) ?? (security.length > 0 ? 'read' : 'none'),
        parameters,
        requestBodyPointer: body?.content?.['application/json']?.schema
          ? `${base}/requestBody/content/application~1json/schema`
          : null,
        requestBodyRequired: Boolean(body?.required),
        statuses: Object.keys(op.responses ?? {}),
        responsePointers,
        responseHeaders,
      });
    }
  }
  return result;
}
