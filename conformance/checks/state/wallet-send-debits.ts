// A send the target accepted has lowered its wallet's balance by at least the amount once it is
// confirmed (wallet §4 send), and is in the wallet's transactions with its tx_hash, amount and
// addresses (wallet §2 Transaction, §4 transactions). doppel debits it at once and by exactly the
// amount, and a send to another wallet the run knows shows there as a `receive` once confirmed
// (decision wallet.send-semantics; no fee: wallet.limits). Where nothing of unknown effect happened.
// A send of a token the wallet lists (a non-null token_id, decision wallet.tokens) within that
// token's balance is accepted, lowers that token's balance in the wallets listing by the amount and
// leaves the native coin's alone.
import { decision, defineStateCheck, seed } from '../check.js';
import { queryOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { formatUnits, toUnits } from '../../exchange/decimal.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { accepted, idOf, named, overlapped, pathParam, requestFieldsOf, targetTimeOf, topOf } from '../../model/exchange-facts.js';
import { debitsSinceRead, lastRead, uncertainSinceRead, type KnownSend, type KnownWallet } from '../../model/wallet-model.js';
import type { StateOutput } from '../check.js';
import type { TargetModel } from '../../model/target-model.js';
import type { Exchange } from '../../types.js';

/**
 * Seed wallet §4: sends confirmed before this read have lowered the balance, since the last read
 * before the first of them, by at least their amounts; judged where every send in between is
 * confirmed and nothing else may have moved the wallet.
 */
function judgeSettled(w: KnownWallet, value: bigint, ex: Exchange, settled: WeakSet<KnownSend>, out: StateOutput): void {
  for (const send of w.sent) {
    if (settled.has(send) || !send.confirmedSeen || send.confirmedSeen.seq >= ex.seq) continue;
    const before = [...w.reads].reverse().find((r) => r.ex.seq < send.ex.seq);
    if (!before) continue;
    const between = w.sent.filter((s) => s.ex.seq > before.ex.seq && s.ex.seq < ex.seq);
    const quiet =
      between.every((s) => s.confirmedSeen && s.confirmedSeen.seq < ex.seq) &&
      !w.unknownAt.some((n) => n > before.ex.seq && n < ex.seq) &&
      !w.received.some((r) => r.ex.seq < ex.seq && (!r.confirmedSeen || r.confirmedSeen.seq > before.ex.seq));
    if (!quiet) continue;
    for (const s of between) settled.add(s);
    const sent = between.reduce((n, s) => n + s.amount, 0n);
    out.checked(ex, 'debit');
    if (before.value - value < sent) {
      out.fail({
        assertion: 'debit',
        title: `confirmed sends of ${formatUnits(sent)} lowered the balance by ${formatUnits(before.value - value)}`,
        message: `wallet ${w.id}: ${named(before.ex)} read ${formatUnits(before.value)}, ${named(ex)} read ${formatUnits(value)} after ${between.map((s) => `${named(s.ex)} sent ${s.amountText} (confirmed by ${named(s.confirmedSeen as Exchange)})`).join(', ')}`,
        exchange: ex,
        requests: [before.ex, ...between.map((s) => s.ex), ex],
      });
    }
  }
}

function judgeBalance(model: TargetModel, w: KnownWallet, value: bigint, ex: Exchange, settled: WeakSet<KnownSend>, out: StateOutput): void {
  judgeSettled(w, value, ex, settled, out);
  const last = lastRead(w);
  if (!last || uncertainSinceRead(w) || model.wallet.pendingIncoming(w).length > 0) return;
  const debits = debitsSinceRead(w);
  const debited = debits.reduce((n, s) => n + s.amount, 0n);
  const moved = last.value - value;
  const requests = [last.ex, ...debits.map((s) => s.ex), ex];
  const where = `wallet ${w.id}: ${named(last.ex)} read ${formatUnits(last.value)}, ${named(ex)} read ${formatUnits(value)}`;
  out.checked(ex, debits.length ? 'at-once' : 'unchanged');
  const tokens = w.tokenSent.filter((s) => s.ex.seq > last.ex.seq);
  if (tokens.length) out.checked(ex, 'token');
  if (moved !== debited && tokens.length) {
    out.fail({
      assertion: 'token',
      title: `a token send moved the native balance by ${formatUnits(moved - debited)}`,
      message: `${where}: native sends between say ${formatUnits(debited)}; the token sends between (${tokens.map((s) => `${named(s.ex)}: ${s.amountText} of token ${String(s.tokenId)}`).join(', ')}) move the token, not the native coin`,
      exchange: ex,
      requests: [last.ex, ...debits.map((s) => s.ex), ...tokens.map((s) => s.ex), ex].sort((a, b) => a.seq - b.seq),
    });
  } else if (moved !== debited) {
    out.fail({
      assertion: debits.length ? 'at-once' : 'unchanged',
      title: debits.length ? `sends of ${formatUnits(debited)} lowered the balance by ${formatUnits(moved)}` : `the balance moved ${formatUnits(-moved)} with nothing sent`,
      message: `${where}: ${debits.length ? `the sends between (${debits.map((s) => `${named(s.ex)}: ${s.amountText}`).join(', ')}) say ${formatUnits(debited)}, no fee` : 'no send or receive between them'}`,
      exchange: ex,
      requests,
    });
  }
}

function judgeHistory(model: TargetModel, ex: Exchange, decisions: { delay: number }, out: StateOutput): void {
  const id = idOf(pathParam(ex, 'transactions'));
  const w = id === undefined ? undefined : model.wallet.wallets.get(id);
  if (!w) return;
  const list = arr(topOf(ex, 'transactions')).map(obj);
  const limit = Number(queryOf(ex).get('limit'));
  // Complete when fewer than an explicit limit (the default limit is a decision: wallet.transactions-paging).
  const complete = Number.isInteger(limit) && limit >= 1 && list.length < limit;
  const byHash = new Map(list.map((t) => [t['tx_hash'], t] as const));
  for (const send of model.wallet.sends.values()) {
    if (overlapped(send.ex, ex)) continue;
    if (send.walletId === w.id) {
      const t = byHash.get(send.hash);
      if (!t) {
        if (!complete) continue;
        out.checked(ex, 'recorded');
        out.fail({ assertion: 'recorded', title: 'a send is missing from its wallet\'s transactions', message: `the send ${send.hash} of ${send.amountText} (${named(send.ex)}) is missing from ${named(ex)} (${list.length} listed, fewer than the limit)`, exchange: ex, requests: [send.ex, ex] });
        continue;
      }
      out.checked(ex, 'recorded');
      const wrong = [
        toUnits(t['amount']) !== send.amount ? `amount ${JSON.stringify(t['amount'])} ≠ ${send.amountText}` : '',
        w.address !== undefined && t['from'] !== w.address ? `from ${JSON.stringify(t['from'])} ≠ the wallet's address ${w.address}` : '',
        t['to'] !== send.to ? `to ${JSON.stringify(t['to'])} ≠ ${send.to}` : '',
      ].filter(Boolean);
      if (wrong.length) out.fail({ assertion: 'recorded', title: 'a send is recorded with other values', message: `${named(ex)} lists the send ${send.hash} (${named(send.ex)}) with ${wrong.join('; ')}`, exchange: ex, requests: [send.ex, ex] });
      continue;
    }
    // The receiving side: once the confirmation delay has passed on the target's clock.
    if (w.address === undefined || send.to !== w.address || send.tokenId !== null) continue;
    const sentAt = targetTimeOf(send.ex);
    const now = targetTimeOf(ex);
    if (sentAt === undefined || now === undefined || now < sentAt + decisions.delay * 1000 + 2_000 || !complete) continue;
    out.checked(ex, 'received');
    const t = byHash.get(send.hash);
    if (!t || t['type'] !== 'receive' || toUnits(t['amount']) !== send.amount) {
      out.fail({ assertion: 'received', title: 'a send to a known wallet is not received there', message: `the send ${send.hash} of ${send.amountText} to wallet ${w.id} (${named(send.ex)}) is ${t ? `listed as ${JSON.stringify(t['type'])} of ${JSON.stringify(t['amount'])}` : 'missing'} in ${named(ex)}, ${Math.round((now - sentAt) / 1000)} s later`, exchange: ex, requests: [send.ex, ex] });
    }
  }
}

/** A listing's token balance against the last one and the token sends from the wallet between them. */
function judgeTokens(model: TargetModel, w: KnownWallet, entry: Record<string, unknown>, ex: Exchange, out: StateOutput): void {
  for (const t of arr(entry['tokens']).map(obj)) {
    const tokenId = idOf(t['token_id']);
    const value = toUnits(t['balance']);
    const last = tokenId === undefined ? undefined : w.tokenReads.get(tokenId)?.at(-1);
    if (!last || value === undefined) continue;
    const sends = w.tokenSent.filter((s) => s.tokenId === tokenId && s.ex.seq > last.ex.seq);
    // Only where the wallet sent the token and nothing else may have moved it: no send of unknown
    // effect, no known send of the token to it that may land in between.
    const incoming = [...model.wallet.sends.values()].some((s) => s.to === w.address && s.tokenId === tokenId && (!s.confirmedSeen || s.confirmedSeen.seq > last.ex.seq));
    if (!sends.length || incoming || w.unknownAt.some((n) => n > last.ex.seq) || sends.some((s) => overlapped(s.ex, ex))) continue;
    const sent = sends.reduce((n, s) => n + s.amount, 0n);
    out.checked(ex, 'token');
    if (last.value - value !== sent) {
      out.fail({
        assertion: 'token',
        title: `token sends of ${formatUnits(sent)} moved the token's balance by ${formatUnits(last.value - value)}`,
        message: `wallet ${w.id}, token ${tokenId}: ${named(last.ex)} listed ${formatUnits(last.value)}, ${named(ex)} lists ${formatUnits(value)} after ${sends.map((s) => `${named(s.ex)} sent ${s.amountText}`).join(', ')}`,
        exchange: ex,
        requests: [last.ex, ...sends.map((s) => s.ex), ex],
      });
    }
  }
}

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]{1,8})?$/;

/**
 * A refused send of a token the wallet's last listing shows with at least the amount, to another
 * wallet the target showed on the same chain: nothing in it is invalid (decision wallet.tokens,
 * wallet.send-semantics), so the refusal is the target's.
 */
function judgeRefusedToken(model: TargetModel, ex: Exchange, out: StateOutput): void {
  const body = requestFieldsOf(ex);
  const tokenId = body['token_id'];
  const id = idOf(pathParam(ex, 'send'));
  const w = id === undefined ? undefined : model.wallet.wallets.get(id);
  if (!w || typeof tokenId !== 'number' || typeof body['amount'] !== 'string' || !DECIMAL.test(body['amount']) || typeof body['to_address'] !== 'string') return;
  const amount = toUnits(body['amount']) as bigint;
  const last = w.tokenReads.get(tokenId)?.at(-1);
  const to = model.wallet.byAddress(body['to_address']);
  if (!last || amount <= 0n || last.value < amount || w.tokenSent.some((s) => s.ex.seq > last.ex.seq) || !to || to === w || to.chain === undefined || to.chain !== w.chain) return;
  out.checked(ex, 'token');
  out.fail({
    assertion: 'token',
    title: `a send of a token its wallet lists was refused (${ex.status})`,
    message: `${named(ex)} sent ${body['amount']} of token ${tokenId} from wallet ${w.id}, whose listing ${named(last.ex)} shows ${formatUnits(last.value)} of it, to wallet ${to.id} on ${w.chain}, and was answered ${ex.status}`,
    exchange: ex,
    requests: [last.ex, ex],
  });
}

export const walletSendDebits = defineStateCheck({
  id: 'wallet-send-debits',
  title: 'a send lowers its wallet by the amount and is recorded',
  assertions: [
    seed('debit', ['wallet §4 POST /api/v1/wallets/{id}/send', 'wallet §2 Wallet.balance'], 'once an accepted send is confirmed, its wallet\'s balance is lower by at least the amount'),
    seed('recorded', ['wallet §4 GET /api/v1/wallets/{id}/transactions', 'wallet §2 Transaction.tx_hash', 'wallet §2 Transaction.amount', 'wallet §2 Transaction.from', 'wallet §2 Transaction.to'], 'an accepted send is in its wallet\'s transactions with its tx_hash, amount, from and to'),
    decision('at-once', 'wallet.send-semantics', 'a send lowers its wallet at once, by exactly the amount (no fee: wallet.limits)'),
    decision('unchanged', 'wallet.send-semantics', 'nothing but sends and confirmed receives moves a wallet\'s balance'),
    decision('received', 'wallet.send-semantics', 'a send to another wallet shows there as a receive once confirmed'),
    decision('token', 'wallet.tokens', 'a send of a token its wallet lists, within that token\'s balance, is accepted and lowers that token\'s balance by the amount, not the native coin\'s', 'wallet §4 bullet 2'),
  ],
  appliesTo: ['wallet'],
  needs: (ctx) => (ctx.wallet.key === undefined ? 'no --wallet-key given' : undefined),
  start: (decisions) => {
    // Sends already judged by the seed rule (once each, at the first read that can).
    const settled = new WeakSet<KnownSend>();
    return (ex, model, out) => {
      if (ex.operationId === 'sendFromWallet' && (ex.status === 400 || ex.status === 422)) judgeRefusedToken(model, ex, out);
      if (!accepted(ex)) return;
      if (ex.operationId === 'getWalletBalance') {
        const id = idOf(pathParam(ex, 'balance'));
        const w = id === undefined ? undefined : model.wallet.wallets.get(id);
        const value = toUnits(topOf(ex, 'balance'));
        if (w && value !== undefined) judgeBalance(model, w, value, ex, settled, out);
      } else if (ex.operationId === 'listWallets') {
        for (const entry of arr(topOf(ex, 'wallets')).map(obj)) {
          const id = idOf(entry['id']);
          const w = id === undefined ? undefined : model.wallet.wallets.get(id);
          const value = toUnits(entry['balance']);
          if (w && value !== undefined) judgeBalance(model, w, value, ex, settled, out);
          if (w) judgeTokens(model, w, entry, ex, out);
        }
      } else if (ex.operationId === 'listWalletTransactions') {
        judgeHistory(model, ex, { delay: decisions['wallet.send-semantics'] }, out);
      }
    };
  },
});
