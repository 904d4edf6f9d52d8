// The guards every keyed trading operation runs, in the order of decision trading.guard-order:
// key (401) → IP whitelist (403) → permission (403); then input (400) via the spec's validators.

import type { FakeRequest } from '../../core/fake-request.js';
import { domainError } from '../../domain/domain-error.js';
import { ipAllowed } from '../../domain/ip-whitelist.js';
import type { Account, ApiKey, Permission } from '../../domain/trading/trading-state.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { validateParams, validateRequestBody } from '../../../spec/index.js';

export interface Caller {
  key: ApiKey;
  account: Account;
}

/** Seed section 5.1: the key travels in the API-KEY header (header names arrive lower-case). */
export function authenticate(model: TradingModel, req: FakeRequest, permission: Permission): Caller {
  const header = req.headers['api-key'];
  if (header === undefined || header === '') throw domainError.unauthorized('missing API-KEY header');
  const key = model.state.keys.get(header);
  if (key === undefined) throw domainError.unauthorized('invalid API key');
  if (!ipAllowed(key.ipWhitelist, req.ip)) {
    throw domainError.ip_not_whitelisted(`address ${req.ip} is not on this key's IP whitelist`);
  }
  if (!key.permissions.includes(permission)) throw domainError.forbidden(`this key lacks the ${permission} permission`);
  const account = model.state.accounts.get(key.accountId);
  if (account === undefined) throw new Error(`key ${key.key} points at no account`);
  return { key, account };
}

function invalid(errors: string[]): never {
  throw domainError.invalid_request(errors.join('; '), { errors });
}

/** The request body, validated against the operation's documented schema. */
export function parseBody<T>(operationId: string, body: unknown): T {
  const check = validateRequestBody('trading', operationId, body);
  if (!check.ok) invalid(check.errors);
  return body as T;
}

/** Query parameters validated and coerced (defaults applied) against the documented schemas. */
export function parseQuery(operationId: string, query: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, string | undefined> = {};
  for (const [name, value] of query) raw[name] ??= value;
  const check = validateParams('trading', operationId, 'query', raw);
  if (!check.ok) invalid(check.errors);
  return check.value ?? {};
}
