// Users the checker registers itself (only with --allow-writes): a peer with a wallet on a chain,
// to send to and to test isolation against. E-mails carry the run's nonce so reruns never collide.
import type { CheckContext } from './context.js';

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

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

let counter = 0;

export function newEmail(ctx: CheckContext, tag: string): string {
  counter++;
  return `doppel-${tag}-${ctx.nonce}-${counter}@example.test`;
}

/** Registers and logs in a fresh user; undefined when the target refuses. */
export async function registerUser(ctx: CheckContext, tag: string): Promise<WalletUser | undefined> {
  const email = newEmail(ctx, tag);
  const password = `pw-${ctx.nonce}`;
  const reg = await ctx.send({ iface: 'wallet', operationId: 'register', method: 'POST', path: '/api/v1/register', body: { name: `doppel ${tag}`, email, password } });
  if (reg.status !== 200 && reg.status !== 201) return undefined;
  const login = await ctx.send({ iface: 'wallet', operationId: 'login', method: 'POST', path: '/api/v1/login', body: { email, password } });
  const token = obj(login.json)['token'];
  if (typeof token !== 'string') return undefined;
  const userId = obj(obj(login.json)['user'])['id'];
  return { email, password, token, userId: typeof userId === 'number' ? userId : undefined };
}

/** A wallet of a checker-owned user on chain (memoised per chain). */
export function peerWallet(ctx: CheckContext, chain: string): Promise<PeerWallet | undefined> {
  return ctx.memo(`peer:${chain}`, async () => {
    const user = await ctx.memo('peer-user', () => registerUser(ctx, 'peer'));
    if (!user) return undefined;
    const created = await ctx.send({ iface: 'wallet', operationId: 'createWallet', method: 'POST', path: '/api/v1/wallets/create', headers: { 'X-API-Key': user.token }, body: { chain } });
    const wallet = obj(obj(created.json)['wallet']);
    if (typeof wallet['id'] !== 'number' || typeof wallet['address'] !== 'string') return undefined;
    return { user, walletId: wallet['id'], address: wallet['address'] };
  });
}
