// A second registration with the same e-mail (also differently cased) is refused with 409
// (wallet.register-semantics), or the status the --profile gives at its point
// wallet.register-semantics#duplicate-status; --learn writes the refusal's status.
import fc from 'fast-check';
import { defineScenarioCheck, decision, is2xx, seed } from './check.js';
import { writesSkip } from './writes-skip.js';
import { CheckFailure } from '../check-failure.js';
import { checkProperty } from '../property.js';
import { newEmail } from '../wallet-peer.js';

const POINT = 'wallet.register-semantics#duplicate-status';

export const duplicateEmailRefused = defineScenarioCheck({
  id: 'duplicate-email-refused',
  title: 'a duplicate e-mail is refused with 409 (or the profile\'s status)',
  assertions: [
    seed('not-accepted', 'wallet §4', 'an e-mail already registered is not registered again (login finds one user by e-mail)'),
    decision('status', 'wallet.register-semantics', 'the second registration is refused with 409 (or the profile\'s status)'),
  ],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => writesSkip(ctx, 'wallet'),
  async run(ctx, out) {
    const expected = ctx.decisions[POINT];
    const failure = await checkProperty('duplicate-email-refused', ctx.seed, Math.min(3, ctx.runs), fc.boolean(), async (upper) => {
      out.checked('register');
      const email = newEmail(ctx, 'dup');
      const body = { name: 'doppel dup', email, password: 'pw' };
      const first = await ctx.call('register', { body });
      // Refused first: an earlier run with this --seed registered the e-mail; the second must be refused too.
      if (first.status !== 200 && first.status !== 201 && first.status !== expected) throw new CheckFailure(`registering answered ${first.status}`, first);
      const again = await ctx.call('register', { body: { ...body, email: upper ? email.toUpperCase() : email } });
      // A 2xx is the target accepting the duplicate: not a status choice, and a failure here.
      if (again.status >= 400 && again.status < 500) ctx.observe(POINT, again.status, [again]);
      if (again.status !== expected) throw new CheckFailure(`registering ${upper ? 'the upper-cased' : 'the same'} e-mail again answered ${again.status}, expected ${expected}`, again, is2xx(again.status) ? 'not-accepted' : 'status');
    }, [], ctx.client.exchanges);
    if (failure) out.fail({ assertion: failure.assertion ?? 'status', operationId: 'register', title: failure.problem.slice(0, 100), message: failure.problem, exchange: failure.exchange, requests: failure.requests });
  },
});
