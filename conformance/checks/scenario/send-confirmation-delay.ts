// A send stays `pending` for 30 virtual seconds and then confirms (decision wallet.send-semantics),
// or for the seconds the --profile gives. Measured, not polled: the receiving wallet's `receive`
// is dated at the confirmation, the `send` at the request, so one move of the clock past the
// longest delay a profile may give shows the delay to the second. Only on a target whose clock
// the checker can move (doppel's fake: GET/POST /__doppel/clock); --learn writes the delay seen.
// The observer reads it from any stream that lists both sides of one transfer: the send's date in
// the sender's history, the receive's in the receiver's.
import { defineScenarioCheck, decision } from '../check.js';
import { BoundedMap } from '../bounded-map.js';
import { writesSkip } from '../writes-skip.js';
import { SEND_UNIT } from '../../act/valid-requests.js';
import { decisionPoint } from '../../../spec/decision-points.js';
import { toUnits } from '../../exchange/decimal.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { peerWallet } from '../../act/wallet-peer.js';
import type { CheckContext } from '../../act/context.js';
import type { Exchange } from '../../types.js';

const CLOCK = '/__doppel/clock';
const POINT = 'wallet.send-semantics';
/** One second past the longest delay a profile may give. */
const ADVANCE_SECONDS = ((decisionPoint(POINT)?.range ?? [0, 3600])[1] as number) + 1;

function seconds(date: unknown): number | undefined {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

async function entryOf(ctx: CheckContext, key: string, walletId: number, hash: unknown, type: string): Promise<{ ex: Exchange; entry: Record<string, unknown> | undefined }> {
  const ex = await ctx.call('listWalletTransactions', { key, params: { id: walletId }, query: { limit: '100' } });
  const list = obj(ex.json)['transactions'];
  const entry = (Array.isArray(list) ? list : []).map(obj).find((t) => t['tx_hash'] === hash && t['type'] === type);
  return { ex, entry };
}

export const sendConfirmationDelay = defineScenarioCheck({
  id: 'send-confirmation-delay',
  title: 'a send confirms 30 virtual seconds later (or the profile\'s delay)',
  assertions: [decision('delay', POINT, '', ['wallet §3 bullet 1', 'wallet §2 Transaction.status'])],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet') ?? (!ctx.wallet.key ? 'no --wallet-key given' : undefined),
  observer: {
    shows: { [POINT]: 'both sides of one transfer listed after its confirmation: the send in the sender\'s transactions, the receive in the receiver\'s' },
    start() {
      // tx_hash → the send and the receive met so far (dated), until both are and the case is told.
      const sides = new BoundedMap<string, { send?: { at: number; ex: Exchange }; receive?: { at: number; ex: Exchange }; told?: true }>(100_000);
      return (ex, found) => {
        if (ex.operationId !== 'listWalletTransactions' || ex.status !== 200) return;
        for (const t of arr(obj(ex.json)['transactions']).map(obj)) {
          const at = seconds(t['date']);
          const hash = t['tx_hash'];
          if (at === undefined || typeof hash !== 'string' || (t['type'] !== 'send' && t['type'] !== 'receive')) continue;
          const known = sides.get(hash) ?? {};
          if (known.told || known[t['type']]) continue;
          known[t['type']] = { at, ex };
          sides.set(hash, known);
          if (!known.send || !known.receive) continue;
          known.told = true;
          const [send, receive] = [known.send, known.receive];
          const delay = receive.at - send.at;
          found({
            point: POINT,
            evidence: [send.ex, receive.ex],
            value: delay,
            describe: (expected) => ({ title: `a send confirmed ${delay} s later, expected ${expected}`, message: `the send ${hash} was dated ${new Date(send.at * 1000).toISOString()} and received ${new Date(receive.at * 1000).toISOString()}: ${delay} s pending, expected ${expected}` }),
          });
        }
      };
    },
  },
  async run(ctx, out) {
    const key = ctx.wallet.key as string;
    const clock = await ctx.send({ iface: 'wallet', operationId: null, method: 'GET', path: CLOCK });
    if (clock.status !== 200 || typeof obj(obj(clock.json)['data'])['epoch_ms'] !== 'number') {
      return out.notExercised(`the target's clock cannot be moved (GET ${CLOCK} answered ${clock.status}; only doppel's fake has it)`);
    }
    const from = ctx.facts.wallets.find((w) => (toUnits(w.balance) ?? 0n) >= 100_000n);
    if (!from) return out.notExercised('the --wallet-key user has no wallet with at least 0.001 to send from');
    const peer = await peerWallet(ctx, from.chain);
    if (!peer) return out.notExercised(`could not register a user with a ${from.chain} wallet to send to`);
    const sent = await ctx.call('sendFromWallet', { key, params: { id: from.id }, body: { to_address: peer.address, amount: SEND_UNIT.toFixed(5) } });
    const hash = obj(sent.json)['tx_hash'];
    if (sent.status !== 200 || typeof hash !== 'string') return out.notExercised(`the send answered ${sent.status}`);
    const moved = await ctx.send({ iface: 'wallet', operationId: null, method: 'POST', path: CLOCK, body: { advance_seconds: ADVANCE_SECONDS } });
    if (moved.status !== 200) return out.notExercised(`POST ${CLOCK} answered ${moved.status}`);
    const send = await entryOf(ctx, key, from.id, hash, 'send');
    const receive = await entryOf(ctx, peer.user.token, peer.walletId, hash, 'receive');
    if (send.entry?.['status'] !== 'confirmed' || !receive.entry) {
      const status = JSON.stringify(send.entry?.['status']);
      return out.fail({ operationId: 'listWalletTransactions', title: `a send is ${status} ${ADVANCE_SECONDS} s later`, message: `the send ${hash} is ${status} and the receiving wallet ${receive.entry ? 'has' : 'lacks'} its receive ${ADVANCE_SECONDS} virtual seconds later`, exchange: receive.entry ? send.ex : receive.ex });
    }
    out.notExercised('the transactions\' dates are not YYYY-MM-DD HH:MM:SS');
  },
});
