// A failed login answers 401 with `{operationId}: invalid email or password` (decision point
// wallet.login-token#failure-message), or the template the --profile gives; --learn writes the text
// seen. Read-only: the e-mail is one nobody registered, so no account's state can change (the
// invalid-input cases send login bodies without --allow-writes too).
import { renderTemplate, templateOf } from '../../../spec/index.js';
import { defineScenarioCheck, decision } from '../check.js';
import { has } from '../../act/context.js';
import { obj } from '../../exchange/json-shape.js';

const POINT = 'wallet.login-token#failure-message';

export const loginFailureMessage = defineScenarioCheck({
  id: 'login-failure-message',
  title: 'a failed login is told its decided message',
  assertions: [decision('message', 'wallet.login-token')],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  observer: {
    shows: { [POINT]: 'a login answered 401 with an error text' },
    start: () => (ex, found) => {
      const error = obj(ex.json)['error'];
      if (ex.operationId !== 'login' || ex.status !== 401 || typeof error !== 'string') return;
      found({
        point: POINT,
        evidence: [ex],
        value: templateOf(error, 'login'),
        agrees: (expected) => error === renderTemplate(String(expected), 'login'),
        describe: (expected) => ({ title: `failed login → ${JSON.stringify(error).slice(0, 80)}`, message: `a failed login was told ${JSON.stringify(error)}, expected ${JSON.stringify(renderTemplate(String(expected), 'login'))}` }),
      });
    },
  },
  async run(ctx, out) {
    const login = await ctx.call('login', { body: { email: `doppel-nobody-${ctx.nonce}@example.test`, password: `pw-${ctx.nonce}` } });
    out.notExercised(`logging in with an unknown e-mail answered ${login.status}${typeof obj(login.json)['error'] === 'string' ? '' : ' without an error text'}`);
  },
});
