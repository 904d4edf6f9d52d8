// Sends from one wallet that each fit its balance but not together, fired at once (--concurrency
// N): a check-then-act race lets two through and overdraws. From a wallet the checker owns and
// funded (funded-wallet.ts), to a second wallet of the same user: N sends of 2/(N+1) of the balance
// (plus 10^-8), so that at most N/2 fit. Judged: what was accepted against the balance, the
// balance afterwards, the transactions, and the whole history against a balance model.
import { decision, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { formatUnits, toUnits } from '../../exchange/decimal.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { named } from '../../model/exchange-facts.js';
import { callTogether, concurrencyOf, raceSkip, defineRaceCheck } from './fire-together.js';
import { balanceOf, fundedWallet, type FundedWallet } from './funded-wallet.js';
import { judgeRace, opOf, raceFailure, type RaceOp } from './race-history.js';
import type { SequentialModel } from '../../model/linearizability.js';
import type { Exchange } from '../../types.js';

type SendIn = { send: bigint } | { read: true };
type SendOut = 'accepted' | 'refused' | bigint;

/** Decision wallet.send-semantics: a send is accepted only within the available balance, which it lowers at once by exactly its amount. */
export const balanceModel = (start: bigint): SequentialModel<bigint, SendIn, SendOut> => ({
  init: start,
  step: (s, input, output) => {
    if ('read' in input) return output === s ? s : undefined;
    if (output === 'accepted') return input.send <= s ? s - input.send : undefined;
    return input.send > s ? s : undefined;
  },
});

/** Funded wallets a try has raced already. */
const tried = new WeakSet<FundedWallet>();

export const walletSendRace = defineRaceCheck({
  id: 'wallet-send-race',
  title: 'overlapping sends from one wallet never spend more than it holds',
  assertions: [
    decision('within-balance', 'wallet.send-semantics', 'the overlapping sends accepted sum to at most the balance before them'),
    seed('debit', 'wallet §4 POST /api/v1/wallets/{id}/send', 'the balance afterwards is lower by at least the accepted sends'),
    decision('debited', 'wallet.send-semantics', 'the balance afterwards is the balance before less exactly the accepted sends'),
    decision('never-negative', 'wallet.send-semantics', 'no balance read after the sends is negative'),
    seed('listed', 'wallet §4 GET /api/v1/wallets/{id}/transactions', 'every accepted send is in the wallet\'s transactions'),
    decision('linearizable', 'wallet.send-semantics', 'some order of the sends, consistent with real time, gives every answer the target gave'),
  ],
  appliesTo: ['wallet'],
  skip: (ctx) => raceSkip(ctx, 'wallet') ?? (!ctx.wallet.key ? 'no --wallet-key to fund a wallet from' : undefined),
  async run(ctx, out) {
    // Funded once a run: a try after one whose sends were not in flight together races what is left.
    const funded = await ctx.memo('race-funded-wallet', () => fundedWallet(ctx, 'race-send'));
    if (typeof funded === 'string') return out.notExercised(funded);
    const n = concurrencyOf(ctx);
    const { user, walletId } = funded;
    const start = tried.has(funded) ? await balanceOf(ctx, user.token, walletId) : funded.balance;
    tried.add(funded);
    if (start === undefined) return out.notExercised('the funded wallet\'s balance could not be read again');
    const amount = (2n * start) / BigInt(n + 1) + 1n;
    const sends = await callTogether(ctx, n, 'sendFromWallet', { key: user.token, params: { id: walletId }, body: { to_address: funded.to, amount: formatUnits(amount), token_id: null } });
    const settled = sends.filter((ex) => ex.status !== 429 && ex.status < 500);
    if (settled.length < 2) return out.notExercised(`fewer than two of the ${n} overlapping sends were answered other than 429 or 5xx`);
    const accepted = settled.filter((ex) => is2xx(ex.status));
    const sum = accepted.reduce((total) => total + amount, 0n);
    const after = await ctx.call('getWalletBalance', { key: user.token, params: { id: walletId } });
    const end = toUnits(obj(after.json)['balance']);
    const history = await ctx.call('listWalletTransactions', { key: user.token, params: { id: walletId } });
    const say = `wallet ${walletId} held ${formatUnits(start)}; ${accepted.length} of ${n} overlapping sends of ${formatUnits(amount)} were accepted (${formatUnits(sum)})`;

    out.checked('sendFromWallet', 'wallet', 'within-balance');
    if (sum > start) out.fail(raceFailure({ assertion: 'within-balance', operationId: 'sendFromWallet', title: `${accepted.length} overlapping sends of ${formatUnits(amount)} accepted from a balance of ${formatUnits(start)}`, message: say, exchanges: accepted }));
    if (end === undefined || after.status !== 200) return out.notExercised(`the balance after the sends answered ${after.status}`);
    out.checked('getWalletBalance', 'wallet', ['debit', 'debited', 'never-negative']);
    if (end < 0n) out.fail(raceFailure({ assertion: 'never-negative', operationId: 'getWalletBalance', title: `the balance is ${formatUnits(end)} after overlapping sends`, message: `${say}; ${named(after)} read ${formatUnits(end)}`, exchanges: accepted, after: [after] }));
    if (end > start - sum) {
      out.fail(raceFailure({ assertion: 'debit', operationId: 'getWalletBalance', title: `the balance fell by ${formatUnits(start - end)} after accepted sends of ${formatUnits(sum)}`, message: `${say}; ${named(after)} read ${formatUnits(end)}, at most ${formatUnits(start - sum)} expected`, exchanges: sends, after: [after] }));
    } else if (end !== start - sum) {
      out.fail(raceFailure({ assertion: 'debited', operationId: 'getWalletBalance', title: `the balance fell by ${formatUnits(start - end)} after accepted sends of ${formatUnits(sum)}`, message: `${say}; ${named(after)} read ${formatUnits(end)}, expected ${formatUnits(start - sum)}`, exchanges: sends, after: [after] }));
    }
    if (history.status === 200) {
      const hashes = new Set(arr(obj(history.json)['transactions']).map((t) => obj(t)['tx_hash']));
      out.checked('listWalletTransactions', 'wallet', 'listed');
      const missing = accepted.filter((ex) => !hashes.has(obj(ex.json)['tx_hash']));
      if (missing.length) out.fail(raceFailure({ assertion: 'listed', operationId: 'listWalletTransactions', title: `${missing.length} accepted send${missing.length === 1 ? ' is' : 's are'} not in the wallet's transactions`, message: `${say}; ${named(history)} lists no ${missing.map((ex) => `${String(obj(ex.json)['tx_hash'])} (${named(ex)})`).join(', ')}`, exchanges: missing, after: [history] }));
    }
    const ops: RaceOp<SendIn, SendOut>[] = [...settled.map((ex: Exchange) => opOf<SendIn, SendOut>(ex, { send: amount }, is2xx(ex.status) ? 'accepted' : 'refused')), opOf<SendIn, SendOut>(after, { read: true }, end)];
    judgeRace(out, { assertion: 'linearizable', operationId: 'sendFromWallet', iface: 'wallet', what: `the wallet holds ${formatUnits(start)} and each accepted send lowers it by ${formatUnits(amount)} (a refusal only when it does not fit)`, model: balanceModel(start), ops, after: [after] });
  },
});
