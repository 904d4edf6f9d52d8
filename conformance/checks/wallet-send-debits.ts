// A send lowers the wallet's balance by the amount (no fee documented) and appears in its history
// (wallet §4 send and transactions). Sends 0.00001..0.00005 of the native coin to a wallet of a
// user the checker registered.
import fc from 'fast-check';
import { defineScenarioCheck, seed } from './check.js';
import { sequences, writesSkip } from './writes-skip.js';
import { runModel } from '../stateful/run-model.js';
import { Send, checkHistory, type SendModel, type SendReal } from '../stateful/send-commands.js';
import { toUnits } from '../decimal.js';
import { peerWallet } from '../wallet-peer.js';

export const SEND_UNIT = 0.00001;

export const walletSendDebits = defineScenarioCheck({
  id: 'wallet-send-debits',
  title: 'a send lowers the balance by the amount and is recorded',
  assertions: [seed('debits', 'wallet §4')],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet') ?? (!ctx.wallet.key ? 'no --wallet-key given' : undefined),
  async run(ctx, out) {
    const from = ctx.facts.wallets.find((w) => (toUnits(w.balance) ?? 0n) >= 100_000n);
    if (!from) return out.notExercised('the --wallet-key user has no wallet with at least 0.001 to send from');
    const peer = await peerWallet(ctx, from.chain);
    // Registration failing is login-token-works' finding; here it only means nothing to send to.
    if (!peer) return out.notExercised(`could not register a user with a ${from.chain} wallet to send to`);
    const real: SendReal = { ctx, key: ctx.wallet.key as string, walletId: from.id, to: peer.address };
    await runModel<SendModel, SendReal>({
      name: 'wallet-send-debits',
      iface: 'wallet',
      seed: ctx.seed,
      // Every request of these sequences is on the one funded key, whose 60 a minute (wallet §8)
      // the run shares with the other checks: against a URL at most 6 sequences (~30 requests) so
      // that a run stays inside one key-minute. The embedded fake has no such limit.
      numRuns: ctx.embedded ? sequences(ctx) : Math.min(sequences(ctx), 6),
      maxCommands: 3,
      commands: [fc.integer({ min: 1, max: 5 }).map((k) => new Send((k * SEND_UNIT).toFixed(5)))],
      setup: async () => {
        out.checked('sendFromWallet');
        return { model: { sent: new Map(), balance: undefined }, real };
      },
      cleanup: checkHistory,
      out,
      operationId: 'sendFromWallet',
      recorded: ctx.client.exchanges,
    });
  },
});
