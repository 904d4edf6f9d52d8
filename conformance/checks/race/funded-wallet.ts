// A wallet the checker owns with money in it, for the send race: a user it registers creates a
// wallet, the --wallet-key's wallet on that chain sends it a few SEND_UNITs (the most the plan
// names), and the checker waits for the confirmation: on doppel's fake by moving its clock past the
// longest delay a profile may give (wallet.send-semantics), elsewhere by reading the balance until
// the money arrived (at most a minute). Money then moves only between the checker's own wallets.
import { decisionPoint } from '../../../spec/decision-points.js';
import type { CheckContext } from '../../act/context.js';
import { formatUnits, toUnits } from '../../exchange/decimal.js';
import { obj } from '../../exchange/json-shape.js';
import { SEND_UNIT } from '../../act/valid-requests.js';
import { registerUser, type WalletUser } from '../../act/wallet-peer.js';

/** What the race funds its wallet with: 5 SEND_UNITs (the largest send of the plan). */
export const RACE_FUNDS = toUnits((5 * SEND_UNIT).toFixed(5)) as bigint;
const CLOCK = '/__doppel/clock';
const ADVANCE_SECONDS = ((decisionPoint('wallet.send-semantics')?.range ?? [0, 3600])[1] as number) + 1;

export interface FundedWallet {
  user: WalletUser;
  walletId: number;
  chain: string;
  /** The balance read once the funds arrived. */
  balance: bigint;
  /** An address of the same chain to send to: a second wallet of the same user. */
  to: string;
}

export async function balanceOf(ctx: CheckContext, key: string, id: number): Promise<bigint | undefined> {
  const ex = await ctx.call('getWalletBalance', { key, params: { id } });
  return ex.status === 200 ? toUnits(obj(ex.json)['balance']) : undefined;
}

/**
 * On doppel's fake (a target answering GET /__doppel/clock), moves its clock past the longest
 * confirmation delay a profile may give, so that every send made so far is confirmed; elsewhere
 * does nothing. Whether it moved.
 */
export async function confirmSends(ctx: CheckContext): Promise<boolean> {
  const clock = await ctx.send({ iface: 'wallet', operationId: null, method: 'GET', path: CLOCK });
  if (clock.status !== 200 || typeof obj(obj(clock.json)['data'])['epoch_ms'] !== 'number') return false;
  const moved = await ctx.send({ iface: 'wallet', operationId: null, method: 'POST', path: CLOCK, body: { advance_seconds: ADVANCE_SECONDS } });
  return moved.status === 200;
}

/** The funded wallet, or why there is none. */
export async function fundedWallet(ctx: CheckContext, tag: string): Promise<FundedWallet | string> {
  const key = ctx.wallet.key;
  if (!key) return 'no --wallet-key to fund a wallet from';
  const from = ctx.facts.wallets.find((w) => (toUnits(w.balance) ?? 0n) >= 2n * RACE_FUNDS);
  if (!from) return `the --wallet-key user has no wallet with at least ${formatUnits(2n * RACE_FUNDS)} to fund one from`;
  const user = await registerUser(ctx, tag);
  if (!user) return 'could not register a user to own the wallets';
  const wallets: { id: number; address: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const created = await ctx.call('createWallet', { key: user.token, body: { chain: from.chain } });
    const w = obj(obj(created.json)['wallet']);
    if (typeof w['id'] !== 'number' || typeof w['address'] !== 'string') return `creating a ${from.chain} wallet answered ${created.status}`;
    wallets.push({ id: w['id'], address: w['address'] });
  }
  const [own, other] = wallets as [{ id: number; address: string }, { id: number; address: string }];
  const sent = await ctx.call('sendFromWallet', { key, params: { id: from.id }, body: { to_address: own.address, amount: formatUnits(RACE_FUNDS) } });
  if (sent.status !== 200) return `funding the wallet answered ${sent.status}`;
  await confirmSends(ctx);
  for (let waited = 0; ; waited += 2) {
    const balance = await balanceOf(ctx, user.token, own.id);
    if (balance !== undefined && balance >= RACE_FUNDS) return { user, walletId: own.id, chain: from.chain, balance, to: other.address };
    if (waited >= 60) return `the funds sent to the wallet did not arrive within a minute (balance ${balance === undefined ? 'unreadable' : formatUnits(balance)})`;
    await ctx.client.pause(2000, `the funds sent to wallet ${own.id} have not arrived yet (${60 - waited} s left of a minute)`);
  }
}
