// A failed login answers 401 with `{operationId}: invalid email or password` (decision point
// wallet.login-token#failure-message), or the template the --profile gives; --learn writes the text
// seen. Read-only: the e-mail is one nobody registered, so no account's state can change (the
// invalid-input cases send login bodies without --allow-writes too).
import { renderTemplate, templateOf } from '../../spec/index.js';
import { defineScenarioCheck, decision } from './check.js';
import { has } from '../context.js';
import { obj } from '../json-shape.js';

const POINT = 'wallet.login-token#failure-message';

export const loginFailureMessage = defineScenarioCheck({
  id: 'login-failure-message',
  title: 'a failed login is told its decided message',
  assertions: [decision('message', 'wallet.login-token')],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  async run(ctx, out) {
    const login = await ctx.call('login', { body: { email: `doppel-nobody-${ctx.nonce}@example.test`, password: `pw-${ctx.nonce}` } });
    const error = obj(login.json)['error'];
    if (login.status !== 401 || typeof error !== 'string') return out.notExercised(`logging in with an unknown e-mail answered ${login.status}${typeof error === 'string' ? '' : ' without an error text'}`);
    out.checked('login');
    ctx.observe(POINT, templateOf(error, 'login'), [login]);
    const want = renderTemplate(ctx.decisions[POINT], 'login');
    if (error !== want) out.fail({ operationId: 'login', title: `failed login → ${JSON.stringify(error).slice(0, 80)}`, message: `a login with an unknown e-mail was told ${JSON.stringify(error)}, expected ${JSON.stringify(want)}`, exchange: login });
  },
});
