// A successful registration answers 200 (decision point wallet.register-semantics#status) and says
// "User registered successfully" (wallet.register-semantics), or what the --profile gives; --learn
// writes the status and message seen.
import { defineScenarioCheck, decision } from './check.js';
import { writesSkip } from './writes-skip.js';
import { obj } from '../json-shape.js';
import { newEmail } from '../wallet-peer.js';

export const registerMessage = defineScenarioCheck({
  id: 'register-message',
  title: 'a registration answers its decided status and message',
  assertions: [
    decision('status', 'wallet.register-semantics', 'a registration answers 200 (or the profile\'s status)'),
    decision('message', 'wallet.register-semantics', 'a registration answers "User registered successfully" (or the profile\'s message)'),
  ],
  observes: ['wallet.register-semantics', 'wallet.register-semantics#status'],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet'),
  async run(ctx, out) {
    const reg = await ctx.call('register', { body: { name: 'doppel message', email: newEmail(ctx, 'message'), password: `pw-${ctx.nonce}` } });
    const message = obj(reg.json)['message'];
    // 409: an earlier run with this --seed registered the e-mail; no new registration to read.
    if ((reg.status !== 200 && reg.status !== 201) || typeof message !== 'string') return out.notExercised(`registering a fresh e-mail answered ${reg.status}${typeof message === 'string' ? '' : ' without a message'}`);
    out.checked('register', 'wallet', ['status', 'message']);
    ctx.observe('wallet.register-semantics#status', reg.status, [reg]);
    ctx.observe('wallet.register-semantics', message, [reg]);
    const status = ctx.decisions['wallet.register-semantics#status'];
    if (reg.status !== status) out.fail({ assertion: 'status', operationId: 'register', title: `a registration answered ${reg.status}, expected ${status}`, message: `registering a fresh e-mail answered ${reg.status}, expected ${status}`, exchange: reg });
    const expected = ctx.decisions['wallet.register-semantics'];
    if (message !== expected) out.fail({ assertion: 'message', operationId: 'register', title: `registration message ${JSON.stringify(message)}`, message: `a registration answered the message ${JSON.stringify(message)}, expected ${JSON.stringify(expected)}`, exchange: reg });
  },
});
