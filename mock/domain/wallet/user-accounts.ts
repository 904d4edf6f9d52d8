// Users, login tokens and static API keys (seed wallet §4 register/login, §5 authentication).

import { bytesToHex } from '@noble/hashes/utils.js';
import { domainError } from '../domain-error.js';
import { hashPassword, publishedPasswordHash, verifyPassword } from './password-hash.js';
import type { WalletRngs } from './wallet-rngs.js';
import type { KeyKind, User, WalletState } from './wallet-state.js';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/**
 * Decision wallet.register-semantics: e-mails compare case-insensitively; a duplicate is 409.
 * `published`: the password is public (the demo user's), so its hash may wait for first use.
 */
export function registerUser(state: WalletState, rngs: WalletRngs, input: RegisterInput, published = false): User {
  const emailKey = input.email.toLowerCase();
  if (state.usersByEmail.has(emailKey)) throw domainError.conflict('email already registered');
  const user: User = {
    id: state.nextUserId++,
    name: input.name,
    email: input.email,
    password: (published ? publishedPasswordHash : hashPassword)(input.password, rngs.salts.bytes(16)),
  };
  state.users.set(user.id, user);
  state.usersByEmail.set(emailKey, user.id);
  state.walletsByUser.set(user.id, []);
  return user;
}

// Verified against when the e-mail is unknown, so both 401 causes cost one scrypt. Made on first
// use, not at import, to keep scrypt off the start-up path.
let nobody: ReturnType<typeof hashPassword> | undefined;
const NOBODY = () => (nobody ??= hashPassword('', new Uint8Array(16)));
const BAD_CREDENTIALS = 'invalid email or password';

/**
 * Decision wallet.login-token: a new `wt_` + 40 hex token per login, valid until reset; unknown
 * e-mail and wrong password give the same 401 message.
 */
export function loginUser(state: WalletState, rngs: WalletRngs, email: string, password: string): { token: string; user: User } {
  const id = state.usersByEmail.get(email.toLowerCase());
  const user = id === undefined ? undefined : state.users.get(id);
  const ok = verifyPassword(password, user?.password ?? NOBODY());
  if (user === undefined || !ok) throw domainError.unauthorized(BAD_CREDENTIALS);
  return { token: addKey(state, rngs, user.id, 'login-token'), user };
}

/**
 * A static key "obtained from the administrator" (seed wallet §5.2), via the admin API. Doppel decision:
 * `wk_` + 40 hex, so it is told apart from a login token at a glance.
 */
export function issueApiKey(state: WalletState, rngs: WalletRngs, userId: number, key?: string): string {
  if (!state.users.has(userId)) throw domainError.not_found(`user ${userId} not found`);
  if (key !== undefined) {
    if (state.keys.has(key)) throw domainError.conflict('key already exists');
    state.keys.set(key, { key, userId, kind: 'api-key' });
    return key;
  }
  return addKey(state, rngs, userId, 'api-key');
}

export function userIdForKey(state: WalletState, key: string): number | undefined {
  return state.keys.get(key)?.userId;
}

function addKey(state: WalletState, rngs: WalletRngs, userId: number, kind: KeyKind): string {
  const prefix = kind === 'login-token' ? 'wt_' : 'wk_';
  let key: string;
  do key = prefix + bytesToHex(rngs.keys.bytes(20));
  while (state.keys.has(key));
  state.keys.set(key, { key, userId, kind });
  return key;
}
