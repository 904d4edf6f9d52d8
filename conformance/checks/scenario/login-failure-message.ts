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
  assertions: [decision('message', 'wallet.login-token', 'a failed login is told the decided message'), decision('status', 'wallet.login-token', 'a login with an e-mail nobody registered is answered 401')],
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
        assertion: 'message',
        evidence: [ex],
        value: templateOf(error, 'login'),
        agrees: (expected) => error === renderTemplate(String(expected), 'login'),
        describe: (expected) => ({ title: `failed login → ${JSON.stringify(error).slice(0, 80)}`, message: `a failed login was told ${JSON.stringify(error)}, expected ${JSON.stringify(renderTemplate(String(expected), 'login'))}` }),
      });
    },
  },
  async run(ctx, out) {
    const login = await ctx.call('login', { body: { email: `doppel-nobody-${ctx.nonce}@example.test`, password: `pw-${ctx.nonce}` } });
    // A rate limit (429) or a server error says nothing of the rule; any other answer does.
    if (login.status !== 429 && login.status < 500) {
      out.checked('login', 'wallet', 'status');
      if (login.status !== 401) out.fail({ assertion: 'status', operationId: 'login', title: `unknown e-mail → ${login.status}`, message: `login with an e-mail nobody registered got ${login.status}, expected 401`, exchange: login });
    }
    out.notExercised(`logging in with an unknown e-mail answered ${login.status}${typeof obj(login.json)['error'] === 'string' ? '' : ' without an error text'}`);
  },
});
