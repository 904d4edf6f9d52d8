// Accounts and their API keys (seed trading §5; decision trading.key-format).

import { domainError } from '../domain-error.js';
import type { Account, ApiKey, Permission, TradingState } from './trading-state.js';

export function createAccount(state: TradingState, name: string, now: number): Account {
  const account: Account = { id: state.nextAccountId++, name, createdAt: now };
  state.accounts.set(account.id, account);
  return account;
}

export function addKey(state: TradingState, key: string, accountId: number, permissions: Permission[], ipWhitelist: string[]): ApiKey {
  if (state.keys.has(key)) throw domainError.conflict(`API key ${key} already exists`);
  const record: ApiKey = { key, accountId, permissions: [...permissions], ipWhitelist: [...ipWhitelist] };
  state.keys.set(key, record);
  return record;
}
