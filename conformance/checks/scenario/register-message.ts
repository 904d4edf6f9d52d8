// A successful registration answers 200 (decision point wallet.register-semantics#status) and says
// "User registered successfully" (wallet.register-semantics), or what the --profile gives; --learn
// writes the status and message seen, of every registration a stream shows.
import { defineScenarioCheck, decision } from '../check.js';
import { writesSkip } from '../writes-skip.js';
import { obj } from '../../exchange/json-shape.js';
import { newEmail } from '../../act/wallet-peer.js';

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
  observer: {
    shows: {
      'wallet.register-semantics': 'a successful registration (2xx with a message)',
      'wallet.register-semantics#status': 'a successful registration (2xx with a message)',
    },
    start: () => (ex, found) => {
      const message = obj(ex.json)['message'];
      // 409: an e-mail registered before; no new registration to read.
      if (ex.operationId !== 'register' || ex.status < 200 || ex.status > 299 || typeof message !== 'string') return;
      found({ point: 'wallet.register-semantics#status', assertion: 'status', evidence: [ex], value: ex.status, describe: (expected) => ({ title: `a registration answered ${ex.status}, expected ${expected}`, message: `registering a fresh e-mail answered ${ex.status}, expected ${expected}` }) });
      found({ point: 'wallet.register-semantics', assertion: 'message', evidence: [ex], value: message, describe: (expected) => ({ title: `registration message ${JSON.stringify(message)}`, message: `a registration answered the message ${JSON.stringify(message)}, expected ${JSON.stringify(expected)}` }) });
    },
  },
  async run(ctx, out) {
    const reg = await ctx.call('register', { body: { name: 'doppel message', email: newEmail(ctx, 'message'), password: `pw-${ctx.nonce}` } });
    out.notExercised(`registering a fresh e-mail answered ${reg.status}${typeof obj(reg.json)['message'] === 'string' ? '' : ' without a message'}`);
  },
});
