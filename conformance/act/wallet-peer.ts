// Users the checker registers itself (only with --allow-writes): a peer with a wallet on a chain,
// to send to and to test isolation against. E-mails carry the run's nonce so reruns never collide.
import type { CheckContext } from './context.js';
import { obj } from '../exchange/json-shape.js';

export interface WalletUser {
  email: string;
  password: string;
  token: string;
  userId: number | undefined;
}

export interface PeerWallet {
  user: WalletUser;
  walletId: number;
  address: string;
}


// Per run, so that the same seed gives the same e-mails (every generated value derives from --seed, so a run can be repeated).
const counters = new WeakMap<CheckContext, number>();

export function newEmail(ctx: CheckContext, tag: string): string {
  const n = (counters.get(ctx) ?? 0) + 1;
  counters.set(ctx, n);
  return `doppel-${tag}-${ctx.nonce}-${n}@example.test`;
}

/** Registers and logs in a fresh user; undefined when the target refuses. */
export async function registerUser(ctx: CheckContext, tag: string): Promise<WalletUser | undefined> {
  const email = newEmail(ctx, tag);
  const password = `pw-${ctx.nonce}`;
  // A name beyond ASCII: a login answers it, so that an answer in another encoding shows (json-utf-8).
  const reg = await ctx.call('register', { body: { name: `doppel ${tag} é`, email, password } });
  // 409: an earlier run with the same --seed registered this e-mail (with the same password).
  if (reg.status !== 200 && reg.status !== 201 && reg.status !== 409) return undefined;
  const login = await ctx.call('login', { body: { email, password } });
  const token = obj(login.json)['token'];
  if (typeof token !== 'string') return undefined;
  ctx.secret(token, 'DOPPEL_LOGIN_TOKEN', 'login token of a user the checker registered');
  const userId = obj(obj(login.json)['user'])['id'];
  return { email, password, token, userId: typeof userId === 'number' ? userId : undefined };
}

/** A wallet of a checker-owned user on chain (memoised per chain). */
export function peerWallet(ctx: CheckContext, chain: string): Promise<PeerWallet | undefined> {
  return ctx.memo(`peer:${chain}`, async () => {
    const user = await ctx.memo('peer-user', () => registerUser(ctx, 'peer'));
    if (!user) return undefined;
    const created = await ctx.call('createWallet', { key: user.token, body: { chain } });
    const wallet = obj(obj(created.json)['wallet']);
    if (typeof wallet['id'] !== 'number' || typeof wallet['address'] !== 'string') return undefined;
    return { user, walletId: wallet['id'], address: wallet['address'] };
  });
}
